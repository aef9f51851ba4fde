export { CheckInCodes } from './codes.js';
export { checkInRoutes } from './routes.js';
