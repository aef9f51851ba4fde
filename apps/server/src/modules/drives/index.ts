/**
 * The drives module: the sponsorship drive (a 'Total Resource Campaign'). Staff create drives
 * under /admin/campaigns/sponsorship, add volunteers (members' people or staff logins) and
 * prospects; volunteers work their own prospects (/sponsorship-drives/mine); a pledge is
 * invoiced through billing (purpose `sponsorship`), whose payment marks the prospect paid.
 */
export { DrivesService } from './service.js';
export { drivesRoutes } from './routes.js';
