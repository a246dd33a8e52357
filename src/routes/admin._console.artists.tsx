import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { artistListStatuses } from '../../contracts/artist-list';
import { ArtistsPage } from '../admin/artists-page';

// ?status=all|active|suspended and ?q= (stage name, name or email); a value the server would refuse
// falls back to none, never an error page.
const searchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(artistListStatuses)), undefined),
  q: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))), undefined),
});

export const Route = createFileRoute('/admin/_console/artists')({
  staticData: { pageTitle: 'Artists', name: 'admin.artists' },
  validateSearch: searchSchema,
  component: function Artists() {
    const { status, q } = Route.useSearch();
    return <ArtistsPage status={status ?? 'all'} q={q} />;
  },
});
