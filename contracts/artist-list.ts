// The admin console's artist list filter. Apart from ./operations: the admin route validates its
// query with it, and a route file's imports load with every page, so this module stays free of schemas.

export const artistListStatuses = ['all', 'active', 'suspended'] as const;
export type ArtistListStatus = (typeof artistListStatuses)[number];
