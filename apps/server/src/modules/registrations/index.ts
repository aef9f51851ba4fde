export { EventChangeComposers, EventChangeMail } from './change-mail.js';
export { EventMail } from './event-mail.js';
export { followEventChanges } from './follow-edits.js';
export { queueReminders } from './reminders.js';
export { registrationRoutes } from './routes.js';
export { settleAllSeats } from './seat-offers.js';
export { OrderService } from './orders.js';
export { DoorAttendees, type DoorAttendeeRow } from './door-attendees.js';
export { recountSoldOf } from './order-queries.js';
