// The admin console's artist list filter. Apart from ./operations: the admin route validates its
// query with it, and a route file's imports load with every page, so this module stays free of schemas.

/** `stage_name`: the artists whose new stage name waits for a decision. */
export const artistListStatuses = ['all', 'active', 'suspended', 'stage_name'] as const;
export type ArtistListStatus = (typeof artistListStatuses)[number];
