import { z } from 'zod';
import { endpoint, errorAnswers } from '../endpoint.js';
import {
  addVolunteerSchema,
  createProspectSchema,
  driveDetailSchema,
  driveInputSchema,
  driveListSchema,
  driveSummarySchema,
  myDrivesSchema,
  prospectSchema,
  updateProspectSchema,
  volunteerCandidatesSchema,
} from '../drives.js';

const driveParams = z.object({ driveId: z.string().min(1).max(64) });
const prospectParams = driveParams.extend({ prospectId: z.string().min(1).max(64) });
const denied = errorAnswers(401, 403);
const changeErrors = errorAnswers(400, 401, 403, 404, 409);

/**
 * The drives module's endpoints (apps/server/src/modules/drives): staff's sponsorship drives
 * under /admin/campaigns/sponsorship (a static segment, matched before a newsletter
 * campaign's `/admin/campaigns/:id`), and a volunteer's own prospects.
 */
export const drivesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/campaigns/sponsorship',
    responses: { 200: driveListSchema, ...denied },
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/campaigns/sponsorship',
    body: driveInputSchema,
    responses: { 201: driveSummarySchema, ...errorAnswers(400), ...denied },
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/campaigns/sponsorship/:driveId',
    params: driveParams,
    responses: { 200: driveDetailSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/campaigns/sponsorship/:driveId',
    params: driveParams,
    body: driveInputSchema,
    responses: { 200: driveSummarySchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  candidates: endpoint({
    method: 'GET',
    path: '/admin/campaigns/sponsorship/:driveId/volunteer-candidates',
    params: driveParams,
    responses: { 200: volunteerCandidatesSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  addVolunteer: endpoint({
    method: 'POST',
    path: '/admin/campaigns/sponsorship/:driveId/volunteers',
    params: driveParams,
    body: addVolunteerSchema,
    responses: { 201: driveDetailSchema, ...changeErrors },
  }),
  addProspect: endpoint({
    method: 'POST',
    path: '/admin/campaigns/sponsorship/:driveId/prospects',
    params: driveParams,
    body: createProspectSchema,
    responses: { 201: prospectSchema, ...changeErrors },
  }),
  updateProspect: endpoint({
    method: 'PATCH',
    path: '/admin/campaigns/sponsorship/:driveId/prospects/:prospectId',
    params: prospectParams,
    body: updateProspectSchema,
    responses: { 200: prospectSchema, ...changeErrors },
  }),
  invoice: endpoint({
    method: 'POST',
    path: '/admin/campaigns/sponsorship/:driveId/prospects/:prospectId/invoice',
    params: prospectParams,
    responses: { 200: prospectSchema, ...changeErrors },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/sponsorship-drives/mine',
    responses: { 200: myDrivesSchema, ...denied },
  }),
  updateMine: endpoint({
    method: 'PATCH',
    path: '/sponsorship-drives/mine/prospects/:prospectId',
    params: z.object({ prospectId: z.string().min(1).max(64) }),
    body: updateProspectSchema,
    responses: { 200: prospectSchema, ...changeErrors },
  }),
};
