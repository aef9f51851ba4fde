/**
 * The site module: what the public website needs from the server, its start-up config and
 * its native forms (contact, nominations), whose messages staff read in the admin dashboard.
 */
export { siteRoutes } from './routes.js';
export { SubmissionsService } from './submissions.js';
