import { messageResponseSchema } from '../accounts.js';
import {
  adminStatsSchema,
  auditFilterSchema,
  auditListSchema,
  deleteUserResponseSchema,
  exportUsersQuerySchema,
  keptAnswersSchema,
  listAuditQuerySchema,
  listUsersQuerySchema,
  updateUserSchema,
  updateUserStatusSchema,
  userListSchema,
  userResponseSchema,
} from '../admin.js';
import {
  atRiskSchema,
  attendanceInsightSchema,
  insightsAttendanceQuerySchema,
  insightsMembersQuerySchema,
  insightsRevenueQuerySchema,
  membersInsightSchema,
  overviewSchema,
  plansInsightSchema,
  retentionInsightSchema,
  revenueInsightSchema,
} from '../cockpit.js';
import { endpoint, errorAnswers, fileAnswer, idParams } from '../endpoint.js';
import {
  listOutboxQuerySchema,
  outboxListSchema,
  retryMailResponseSchema,
} from '../mail-outbox.js';
import { listSubmissionsQuerySchema, submissionListSchema } from '../site.js';
import { securitySettingsSchema, twoFactorResetSchema } from '../two-factor.js';

/** Every admin call may answer these: not signed in, not an admin. */
const denied = errorAnswers(401, 403);
/** What a change to a login may answer besides its success. */
const changeErrors = errorAnswers(400, 401, 403, 404, 409);
/** What a call with a query may answer besides its success. */
const withQuery = errorAnswers(400, 401, 403);

/**
 * The admin module's endpoints (apps/server/src/modules/admin), for admins only: logins,
 * stats, exports, the audit log and the native forms' messages; sign-in help and rules; the
 * cockpit (today and the insights); and outgoing mail.
 */
export const adminEndpoints = {
  listUsers: endpoint({
    method: 'GET',
    path: '/admin/users',
    query: listUsersQuerySchema,
    responses: { 200: userListSchema, ...withQuery },
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: '/admin/users/:id',
    params: idParams,
    body: updateUserSchema,
    responses: { 200: userResponseSchema, ...changeErrors },
  }),
  setUserStatus: endpoint({
    method: 'PATCH',
    path: '/admin/users/:id/status',
    params: idParams,
    body: updateUserStatusSchema,
    responses: { 200: userResponseSchema, ...changeErrors },
  }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: '/admin/users/:id',
    params: idParams,
    responses: { 200: deleteUserResponseSchema, ...changeErrors },
  }),
  stats: endpoint({
    method: 'GET',
    path: '/admin/stats',
    responses: { 200: adminStatsSchema, ...denied },
  }),
  keptAnswers: endpoint({
    method: 'GET',
    path: '/admin/kept-answers',
    responses: { 200: keptAnswersSchema, ...denied },
  }),
  contactsCsv: endpoint({
    method: 'GET',
    path: '/admin/exports/contacts.csv',
    responses: { 200: fileAnswer('The contacts as CSV', 'text/csv'), ...denied },
  }),
  usersCsv: endpoint({
    method: 'GET',
    path: '/admin/exports/users.csv',
    query: exportUsersQuerySchema,
    responses: { 200: fileAnswer('The accounts as CSV', 'text/csv'), ...withQuery },
  }),
  audit: endpoint({
    method: 'GET',
    path: '/admin/audit',
    query: listAuditQuerySchema,
    responses: { 200: auditListSchema, ...withQuery },
    alternatives: {
      200: fileAnswer(
        'The entries, or every matching entry as CSV with `format=csv` or `Accept: text/csv`',
        'text/csv',
      ),
    },
  }),
  auditCsv: endpoint({
    method: 'GET',
    path: '/admin/audit.csv',
    query: auditFilterSchema,
    responses: { 200: fileAnswer('The audit log as CSV', 'text/csv'), ...withQuery },
  }),
  submissions: endpoint({
    method: 'GET',
    path: '/admin/submissions',
    query: listSubmissionsQuerySchema,
    responses: { 200: submissionListSchema, ...withQuery },
  }),

  sendPasswordReset: endpoint({
    method: 'POST',
    path: '/admin/users/:id/password-reset',
    params: idParams,
    responses: { 202: messageResponseSchema, ...errorAnswers(401, 403, 404, 409) },
  }),
  resetTwoFactor: endpoint({
    method: 'DELETE',
    path: '/admin/users/:id/two-factor',
    params: idParams,
    responses: { 200: twoFactorResetSchema, ...errorAnswers(401, 403, 404) },
  }),
  securitySettings: endpoint({
    method: 'GET',
    path: '/admin/security-settings',
    responses: { 200: securitySettingsSchema, ...denied },
  }),
  updateSecuritySettings: endpoint({
    method: 'PUT',
    path: '/admin/security-settings',
    body: securitySettingsSchema,
    responses: { 200: securitySettingsSchema, ...withQuery },
  }),

  overview: endpoint({
    method: 'GET',
    path: '/admin/overview',
    responses: { 200: overviewSchema, ...denied },
  }),
  membersInsight: endpoint({
    method: 'GET',
    path: '/admin/insights/members',
    query: insightsMembersQuerySchema,
    responses: { 200: membersInsightSchema, ...withQuery },
  }),
  retentionInsight: endpoint({
    method: 'GET',
    path: '/admin/insights/retention',
    responses: { 200: retentionInsightSchema, ...denied },
  }),
  revenueInsight: endpoint({
    method: 'GET',
    path: '/admin/insights/revenue',
    query: insightsRevenueQuerySchema,
    responses: { 200: revenueInsightSchema, ...withQuery },
  }),
  attendanceInsight: endpoint({
    method: 'GET',
    path: '/admin/insights/attendance',
    query: insightsAttendanceQuerySchema,
    responses: { 200: attendanceInsightSchema, ...withQuery },
  }),
  atRisk: endpoint({
    method: 'GET',
    path: '/admin/insights/at-risk',
    responses: { 200: atRiskSchema, ...denied },
  }),
  plansInsight: endpoint({
    method: 'GET',
    path: '/admin/insights/plans',
    responses: { 200: plansInsightSchema, ...denied },
  }),

  mail: endpoint({
    method: 'GET',
    path: '/admin/mail',
    query: listOutboxQuerySchema,
    responses: { 200: outboxListSchema, ...withQuery },
  }),
  retryMail: endpoint({
    method: 'POST',
    path: '/admin/mail/:id/retry',
    params: idParams,
    responses: { 200: retryMailResponseSchema, ...errorAnswers(401, 403, 404, 409) },
  }),
};
