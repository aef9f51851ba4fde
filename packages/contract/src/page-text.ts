/**
 * The home page's description: in the head the server sends, and set again by the page
 * itself, so the two never differ. Free of zod, so the web app's home chunk stays small.
 */
export const homeDescription = (chamberName: string) =>
  `The ${chamberName}: upcoming luncheons and events, the member directory, and membership for local businesses from $300 a year.`;
