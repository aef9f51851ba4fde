// The database schema, one file per owning module: the first line of each file names the
// module that owns its tables. A module reads and writes its own tables and reaches another's
// data through that module's exports (apps/server/src/modules/table-owners.test.ts). Each
// enum's values are the contract's list: a value added there reaches the API, the web app and
// (through a generated migration) the database together.
export * from './chamber.js';
export * from './members.js';
export * from './auth.js';
export * from './platform.js';
export * from './events.js';
export * from './registrations.js';
export * from './media.js';
export * from './site.js';
export * from './memberships.js';
export * from './membership-terms.js';
export * from './billing.js';
export * from './deals.js';
export * from './jobs.js';
export * from './celebrations.js';
export * from './communications.js';
export * from './tickets.js';
export * from './sponsorships.js';
export * from './drives.js';
export * from './benefits.js';
