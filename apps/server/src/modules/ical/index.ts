export {
  entryFromJson,
  entryToJson,
  icsEntryFor,
  icsEntryOf,
  withdrawn,
  withdrawnEntry,
} from './entries.js';
export type { IcsEntryJson } from './entries.js';
export { ICS_CONTENT_TYPE, ICS_METHOD, icsFileName, renderCalendar } from './ical.js';
export type { IcsEntry, IcsInvite } from './ical.js';
export { icsRoutes } from './routes.js';
