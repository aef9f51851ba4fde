/** The admin module: the admin dashboard's routes, /admin/* (users, stats, audit log, messages). */
export { adminRoutes } from './routes.js';
