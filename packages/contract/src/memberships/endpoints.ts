import { z } from 'zod';
import { endpoint, errorAnswers, fileAnswer, idParams } from '../endpoint.js';
import { membershipValueSchema } from '../member-hub.js';
import {
  membershipPlanListSchema,
  membershipPlanResponseSchema,
  updateMembershipPlanSchema,
} from '../membership-plans.js';
import {
  cancelMembershipRequestSchema,
  changePlanRequestSchema,
  duesReportQuerySchema,
  duesReportSchema,
  duesSettingsSchema,
  joinMembershipRequestSchema,
  joinMembershipResponseSchema,
  listMembershipsQuerySchema,
  membershipDetailSchema,
  membershipInvoiceResponseSchema,
  membershipListSchema,
  membershipQuoteQuerySchema,
  membershipQuoteSchema,
  myMembershipSchema,
  staffChangePlanRequestSchema,
} from '../memberships.js';

/** `:id` of a membership: a uuid, else 400. */
const membershipIdParams = z.object({ id: z.uuid({ message: 'id must be a membership id' }) });
/** What a change to a membership may answer besides its success. */
const changeErrors = errorAnswers(400, 401, 403, 404, 409);

/**
 * The memberships module's endpoints (apps/server/src/modules/memberships): the member's own
 * membership (/membership), the plans, and the staff side (/admin/memberships and settings).
 */
export const membershipsEndpoints = {
  myMembership: endpoint({
    method: 'GET',
    path: '/membership',
    responses: { 200: myMembershipSchema, ...errorAnswers(401, 403, 404) },
  }),
  myMembershipValue: endpoint({
    method: 'GET',
    path: '/membership/value',
    responses: { 200: membershipValueSchema, ...errorAnswers(401, 403) },
  }),
  join: endpoint({
    method: 'POST',
    path: '/membership/join',
    body: joinMembershipRequestSchema,
    responses: { 200: joinMembershipResponseSchema, ...changeErrors },
  }),
  renew: endpoint({
    method: 'POST',
    path: '/membership/renew',
    responses: { 200: membershipInvoiceResponseSchema, ...changeErrors },
  }),
  changePlan: endpoint({
    method: 'POST',
    path: '/membership/plan',
    body: changePlanRequestSchema,
    responses: { 200: membershipInvoiceResponseSchema, ...changeErrors },
  }),
  quote: endpoint({
    method: 'GET',
    path: '/membership/quote',
    query: membershipQuoteQuerySchema,
    responses: { 200: membershipQuoteSchema, ...changeErrors },
  }),
  listPlans: endpoint({
    method: 'GET',
    path: '/membership-plans',
    responses: { 200: membershipPlanListSchema },
  }),
  updatePlan: endpoint({
    method: 'PUT',
    path: '/admin/membership-plans/:id',
    params: idParams,
    body: updateMembershipPlanSchema,
    responses: { 200: membershipPlanResponseSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  listMemberships: endpoint({
    method: 'GET',
    path: '/admin/memberships',
    query: listMembershipsQuerySchema,
    responses: { 200: membershipListSchema, ...errorAnswers(400, 401, 403) },
  }),
  duesReport: endpoint({
    method: 'GET',
    path: '/admin/memberships/report',
    query: duesReportQuerySchema,
    responses: { 200: duesReportSchema, ...errorAnswers(400, 401, 403) },
  }),
  membershipDetail: endpoint({
    method: 'GET',
    path: '/admin/memberships/:id',
    params: membershipIdParams,
    responses: { 200: membershipDetailSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  approveMembership: endpoint({
    method: 'POST',
    path: '/admin/memberships/:id/approve',
    params: membershipIdParams,
    responses: { 200: membershipDetailSchema, ...changeErrors },
  }),
  staffChangePlan: endpoint({
    method: 'PUT',
    path: '/admin/memberships/:id/plan',
    params: membershipIdParams,
    body: staffChangePlanRequestSchema,
    responses: { 200: membershipDetailSchema, ...changeErrors },
  }),
  cancelMembership: endpoint({
    method: 'POST',
    path: '/admin/memberships/:id/cancel',
    params: membershipIdParams,
    body: cancelMembershipRequestSchema,
    responses: { 200: membershipDetailSchema, ...changeErrors },
  }),
  exportMemberships: endpoint({
    method: 'GET',
    path: '/admin/exports/memberships.csv',
    responses: {
      200: fileAnswer('The memberships as CSV', 'text/csv'),
      ...errorAnswers(401, 403),
    },
  }),
  duesSettings: endpoint({
    method: 'GET',
    path: '/admin/membership-settings',
    responses: { 200: duesSettingsSchema, ...errorAnswers(401, 403) },
  }),
  updateDuesSettings: endpoint({
    method: 'PUT',
    path: '/admin/membership-settings',
    body: duesSettingsSchema,
    responses: { 200: duesSettingsSchema, ...errorAnswers(400, 401, 403) },
  }),
};
