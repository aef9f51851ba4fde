/**
 * The public pages module: what the served HTML of each app route says before the web app
 * runs (title, description, canonical URL, link-preview tags, JSON-LD) and its status, read
 * in-process from the services the API answers with, and the public pages' bodies rendered
 * by the web app's server entry from the same services' answers.
 */
export { PageHeads } from './page-heads.js';
export { withHead, headTags, type PageHead } from './head.js';
export { publicPagesRoutes } from './routes.js';
export { servicePageData } from './page-data.js';
export { loadServerRenderer, withBody } from './server-renderer.js';
