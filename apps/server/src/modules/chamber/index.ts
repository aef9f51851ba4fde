/**
 * The chamber module: the chamber's record (the spec's location, /locations/{locationId}),
 * what it says about the portal's look and embedded forms, and the identity its mail is
 * signed with.
 */
export { chamberRoutes } from './routes.js';
export { ChamberService } from './service.js';
export { EmbedOrigins } from './embed-origins.js';
export { chamberMail, loadChamberIdentity } from './identity.js';
export { firstChamber, firstChamberAndCalendar } from './queries.js';
