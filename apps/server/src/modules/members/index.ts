/**
 * The members module: the directory and member pages (/members/*), the rules of what a
 * member's tier unlocks and who may edit a page, a business's people and the invitations to
 * join one (/members/{id}/people, /invitations/{token}), and the roster import (the CLI's
 * import-contacts).
 */
export { membersRoutes } from './routes.js';
export { categoryRoutes } from './category-routes.js';
export { CategoriesService } from './categories.js';
export { canEditMember, keepsListing, MembersService } from './service.js';
export { peopleRoutes } from './people-routes.js';
export { type HashPassword, PeopleService } from './people.js';
export { StaffPeopleService } from './people-staff.js';
export { staffBusinessRoutes } from './staff-business-routes.js';
export { StaffBusinessesService } from './staff-businesses.js';
export { InvitationMail } from './people-mail.js';
export { memberTags } from './view.js';
export type { MemberRow } from './queries.js';
export { businessesOfLogin, businessForLogin, businessNames } from './people-queries.js';
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
