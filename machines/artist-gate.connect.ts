// View model of the artist's standing for the sidebar, the top bar's user menu and the route guards.
import type { SnapshotFrom } from 'xstate';
import { artistHomeFor, artistMenuFor, gateFor } from './artist-gate';
import type { artistGateMachine } from './artist-gate.machine';
import type { ArtistStatus, GateDecision } from './artist-gate.types';

type ArtistGateSnapshot = SnapshotFrom<typeof artistGateMachine>;

const statuses: readonly ArtistStatus[] = ['notArtist', 'applicationUnfinished', 'awaitingApproval', 'approved'];

export function connectArtistGate(snapshot: ArtistGateSnapshot) {
  const { user } = snapshot.context;
  const status = statuses.find((s) => snapshot.matches(s)) ?? 'notArtist';
  return {
    status,
    isArtist: status !== 'notArtist',
    /** docs/product.md §4: the nine entries once approved (tag fullMenu), otherwise only Profile. */
    menu: artistMenuFor(user),
    fullMenu: snapshot.hasTag('fullMenu'),
    showOnlineSwitch: snapshot.hasTag('onlineSwitch'),
    /** Where the logo leads: a page the gate lets this artist open (never back into a redirect). */
    home: artistHomeFor(user),
    gate: (routeName: string): GateDecision => gateFor(user, routeName),
  };
}
