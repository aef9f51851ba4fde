export { CheckInCodes } from './codes.js';
export { checkInRoutes } from './routes.js';
export type { DoorAttendeeRow, DoorAttendees as DoorAttendeesPort } from './service.js';
