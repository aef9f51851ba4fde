/**
 * The account module: the member hub (/account), which gathers what is the signed-in
 * member's from the other modules' tables, and the membership's year in figures
 * (`membershipValue`), which /membership/value, the renewal reminder and the renewal invoice
 * read.
 */
export { accountRoutes } from './routes.js';
export { AccountService, type MembershipStanding } from './service.js';
export { membershipValue, valueYear } from './value.js';
