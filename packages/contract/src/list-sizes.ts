// How many items the public lists show at once, in a module of their own (no schemas), so a page
// that lists them does not bundle the schema library for a number.

/** A page of the member directory (GET /members' default `limit`). */
export const MEMBERS_PAGE_SIZE = 20;
/** A page of the job board. */
export const JOB_POSTS_PAGE_SIZE = 20;
/** The home page shows this many of the newest deals. */
export const HOME_DEALS = 3;
