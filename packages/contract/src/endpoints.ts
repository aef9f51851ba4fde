import { accountEndpoints } from './account/endpoints.js';
import { adminEndpoints } from './admin/endpoints.js';
import { authEndpoints } from './auth/endpoints.js';
import { benefitsEndpoints } from './benefits/endpoints.js';
import { billingEndpoints } from './billing/endpoints.js';
import { calendarsEndpoints } from './calendars/endpoints.js';
import { celebrationsEndpoints } from './celebrations/endpoints.js';
import { communicationsEndpoints } from './communications/endpoints.js';
import { checkInEndpoints } from './check-in/endpoints.js';
import { chamberEndpoints } from './chamber/endpoints.js';
import { dealsEndpoints } from './deals/endpoints.js';
import { drivesEndpoints } from './drives/endpoints.js';
import { icalEndpoints } from './ical/endpoints.js';
import { jobsEndpoints } from './jobs/endpoints.js';
import { mediaEndpoints } from './media/endpoints.js';
import { membersEndpoints } from './members/endpoints.js';
import { membershipsEndpoints } from './memberships/endpoints.js';
import { registrationsEndpoints } from './registrations/endpoints.js';
import { siteEndpoints } from './site/endpoints.js';
import { ticketsEndpoints } from './tickets/endpoints.js';
import { sponsorshipsEndpoints } from './sponsorships/endpoints.js';

/**
 * Every endpoint declared in the contract, by the server module that serves it
 * (`endpoints.auth.forgotPassword`).
 */
export const endpoints = {
  auth: authEndpoints,
  account: accountEndpoints,
  site: siteEndpoints,
  chamber: chamberEndpoints,
  media: mediaEndpoints,
  deals: dealsEndpoints,
  members: membersEndpoints,
  memberships: membershipsEndpoints,
  billing: billingEndpoints,
  celebrations: celebrationsEndpoints,
  jobs: jobsEndpoints,
  admin: adminEndpoints,
  calendars: calendarsEndpoints,
  registrations: registrationsEndpoints,
  ical: icalEndpoints,
  'check-in': checkInEndpoints,
  communications: communicationsEndpoints,
  tickets: ticketsEndpoints,
  sponsorships: sponsorshipsEndpoints,
  drives: drivesEndpoints,
  benefits: benefitsEndpoints,
};
