/**
 * The jobs module: the job board (/job-posts): members in good standing post jobs, staff
 * approve them (/admin/job-posts) unless the chamber lets enhanced and elite members publish
 * directly, the poster and staff edit, close and delete, and the job runner expires posts
 * past their closing date. The public pages module serves each post's page and JSON-LD.
 */
export { JobBoard } from './board.js';
export { JobsService } from './service.js';
export { jobsRoutes } from './routes.js';
export { jobPostingLd } from './json-ld.js';
