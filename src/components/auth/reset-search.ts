import * as v from 'valibot';

// Apart from the page: the route files validate the query with it, and a route file's own imports are
// in the first load of every page, the page's code is not.

/** The reset link's query: both parts optional here; the machine says when the link is incomplete. */
export const resetSearchSchema = v.object({
  token: v.optional(v.string(), ''),
  email: v.optional(v.string(), ''),
});
