// The artist's standing in the SPA (docs/product.md §4 Artist gating, Artist menu by status): which pages an
// artist may open, which menu entries and whether the online switch show. Rules: artist-gate.ts.
import type { AuthUser } from '../contracts/account';
import type { artistMenuEntries } from '../contracts/constants';

/** Where an artist stands, in the order the gating checks it. */
export type ArtistStatus = 'notArtist' | 'applicationUnfinished' | 'awaitingApproval' | 'approved';

/** What a route guard does: let the navigation through, or redirect to a path. */
export type GateDecision = { allow: true } | { redirectTo: string };

export type ArtistMenuEntry = (typeof artistMenuEntries)[number];

export interface ArtistGateContext {
  user: AuthUser | null;
}

export interface ArtistGateInput {
  user?: AuthUser | null;
}

/** The session's user changed (signed in, refreshed, patched, signed out). */
export type ArtistGateEvent = { type: 'session.userChanged'; user: AuthUser | null };

/** fullMenu: the nine-entry menu; onlineSwitch: the online/offline switch. */
export type ArtistGateTag = 'fullMenu' | 'onlineSwitch';
