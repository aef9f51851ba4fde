/**
 * The public pages module: what the served HTML of each app route says before the web app
 * runs (title, description, canonical URL, link-preview tags, JSON-LD) and its status, read
 * in-process from the services the API answers with.
 */
export { PageHeads } from './page-heads.js';
export { withHead, headTags, type PageHead } from './head.js';
export { publicPagesRoutes } from './routes.js';
