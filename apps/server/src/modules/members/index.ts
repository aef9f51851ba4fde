/**
 * The members module: the directory and member pages (/members/*), the rules of what a
 * member's tier unlocks and who may edit a page, and the roster import (the CLI's
 * import-contacts).
 */
export { membersRoutes } from './routes.js';
export { categoryRoutes } from './category-routes.js';
export { CategoriesService } from './categories.js';
export { canEditMember, MembersService } from './service.js';
export { memberTags } from './view.js';
export type { MemberRow } from './queries.js';
export { importRoster, type ImportReport, RosterError } from './roster-import.js';
export { readRosterFile, type RosterEncoding, type RosterFile } from './roster-file.js';
export { exportRoster, rosterColumns } from './roster-export.js';
export { ListingGeocoder, type GeocodeRun, type GeocoderSettings } from './geocoding.js';
export {
  billingMailPeople,
  type BillingMailKind,
  billingRecipients,
  businessAddresses,
  businessesOfSignIns,
  chooseBillingRecipients,
  type MailRecipient,
  type SignInBusiness,
} from './billing-people.js';
