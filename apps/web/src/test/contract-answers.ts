import {
  listingCelebrationsSchema,
  adminStatsSchema,
  apiErrorSchema,
  appConfigSchema,
  appointmentSchema,
  auditListSchema,
  outboxListSchema,
  retryMailResponseSchema,
  authorizeResponseSchema,
  calendarSchema,
  cancelledRegistrationSchema,
  chamberSchema,
  changeEmailResponseSchema,
  changePasswordResponseSchema,
  confirmEmailResponseSchema,
  dealListSchema,
  dealSchema,
  deleteEventResultSchema,
  deleteUserResponseSchema,
  endedSessionsSchema,
  eventCustomFieldsSchema,
  eventListSchema,
  listingDealsSchema,
  managedRegistrationSchema,
  newManageLinkSchema,
  memberDetailSchema,
  memberListSchema,
  messageResponseSchema,
  mfaVerifyResponseSchema,
  oauthErrorSchema,
  profileSchema,
  recoveryCodesSchema,
  registrationListSchema,
  registrationResponseSchema,
  registrationResultSchema,
  seriesRegistrationResultSchema,
  upcomingSeriesDatesSchema,
  resetPasswordResponseSchema,
  securitySettingsSchema,
  sendConfirmationResponseSchema,
  seriesCustomFieldsResultSchema,
  sessionListSchema,
  submissionAcceptedSchema,
  submissionListSchema,
  tokenResponseSchema,
  twoFactorResetSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  uploadMediaResponseSchema,
  userListSchema,
  userResponseSchema,
  validateResponseSchema,
  verifyConfirmationResponseSchema,
  verifyContactResponseSchema,
  autoRenewAnswerSchema,
  invoiceListSchema,
  membershipInvoiceResponseSchema,
  membershipPlanListSchema,
  membershipPlanResponseSchema,
  membershipQuoteSchema,
  myMembershipSchema,
  paymentOptionsSchema,
  paymentRedirectSchema,
  duesReportSchema,
  duesSettingsSchema,
  invoiceSchema,
  membershipDetailSchema,
  membershipListSchema,
  recordPaymentResponseSchema,
  refundResponseSchema,
  reissueResponseSchema,
  overviewSchema,
  membersInsightSchema,
  retentionInsightSchema,
  revenueInsightSchema,
  attendanceInsightSchema,
  plansInsightSchema,
} from '@chamber/contract';
import { z } from 'zod';

/**
 * The contract's schema of each answer the web app reads, by the server's "METHOD /path"
 * (the route files' response schemas). The fake API parses every answer a test makes up with
 * it, so a contract change breaks the fake rather than production.
 */
const answers: Record<string, z.ZodType> = {
  'GET /config': appConfigSchema,
  'GET /membership-plans': membershipPlanListSchema,
  'PUT /admin/membership-plans/:id': membershipPlanResponseSchema,
  'GET /membership': myMembershipSchema,
  'POST /membership/join': membershipInvoiceResponseSchema,
  'POST /membership/renew': membershipInvoiceResponseSchema,
  'GET /membership/quote': membershipQuoteSchema,
  'POST /membership/plan': membershipInvoiceResponseSchema,
  'GET /payments/options': paymentOptionsSchema,
  'POST /payments/checkout': paymentRedirectSchema,
  'PUT /payments/auto-renew': autoRenewAnswerSchema,
  'POST /payments/card': paymentRedirectSchema,
  'GET /billing/invoices': invoiceListSchema,
  'POST /site/contact': submissionAcceptedSchema,
  'POST /site/nominations': submissionAcceptedSchema,
  'GET /locations/:id': chamberSchema,
  'PUT /locations/:id': chamberSchema,
  'POST /medias/upload-avatar': uploadMediaResponseSchema,
  'POST /medias/upload-coverImage': uploadMediaResponseSchema,
  'POST /medias/upload-event-cover': uploadMediaResponseSchema,
  'POST /medias/upload-download-file': uploadMediaResponseSchema,

  'POST /auth/authorize': authorizeResponseSchema,
  'POST /auth/token': tokenResponseSchema,
  'GET /auth/validate': validateResponseSchema,
  'POST /auth/logout': z.null(),
  'GET /auth/profile': profileSchema,
  'PUT /auth/profile': profileSchema,
  'POST /auth/password': changePasswordResponseSchema,
  'POST /auth/email': changeEmailResponseSchema,
  'POST /auth/confirm-email': confirmEmailResponseSchema,
  'POST /auth/forgot-password': messageResponseSchema,
  'POST /auth/reset-password': resetPasswordResponseSchema,
  'GET /auth/sessions': sessionListSchema,
  'DELETE /auth/sessions/:id': z.null(),
  'POST /auth/sessions/end-others': endedSessionsSchema,
  'POST /auth/verify-contact': verifyContactResponseSchema,
  'POST /auth/send-confirmation': sendConfirmationResponseSchema,
  'POST /auth/verify-confirmation': verifyConfirmationResponseSchema,
  'POST /auth/register-existing': registrationResponseSchema,
  'POST /auth/register': registrationResponseSchema,
  'POST /auth/mfa': mfaVerifyResponseSchema,
  'POST /auth/mfa/enrolment': twoFactorSetupSchema,
  'GET /auth/two-factor': twoFactorStatusSchema,
  'POST /auth/two-factor/setup': twoFactorSetupSchema,
  'POST /auth/two-factor/confirm': recoveryCodesSchema,
  'POST /auth/two-factor/recovery-codes': recoveryCodesSchema,
  'POST /auth/two-factor/disable': twoFactorStatusSchema,

  'GET /members': memberListSchema,
  'GET /members/:id': memberDetailSchema,
  'GET /celebrations/listing/:contactId': listingCelebrationsSchema,
  'PUT /members/:id': memberDetailSchema,
  'PUT /members/:id/avatar': memberDetailSchema,
  'PUT /members/:id/coverImage': memberDetailSchema,

  'GET /deals': dealListSchema,
  'GET /deals/listing/:id': listingDealsSchema,
  'POST /deals': dealSchema,
  'PUT /deals/:id': dealSchema,
  'DELETE /deals/:id': z.null(),

  'GET /calendars/:id': calendarSchema,
  'GET /calendars/:id/events': eventListSchema,
  'POST /calendars/appointments': appointmentSchema,
  'GET /calendars/appointments/:id': appointmentSchema,
  'PUT /calendars/appointments/:id': appointmentSchema,
  'DELETE /calendars/appointments/:id': deleteEventResultSchema,
  'GET /calendars/appointments/:id/custom-fields': eventCustomFieldsSchema,
  'POST /calendars/appointments/:id/recurring-series-custom-fields': seriesCustomFieldsResultSchema,
  'GET /calendars/appointments/:id/registrations': registrationListSchema,
  'POST /calendars/appointments/:id/registrations': registrationResultSchema,
  'GET /calendars/appointments/:id/series-registrations': upcomingSeriesDatesSchema,
  'POST /calendars/appointments/:id/series-registrations': seriesRegistrationResultSchema,
  'GET /registrations/manage': managedRegistrationSchema,
  'PUT /registrations/manage': managedRegistrationSchema,
  'DELETE /registrations/manage': cancelledRegistrationSchema,
  'POST /registrations/manage/new-link': newManageLinkSchema,

  'GET /admin/users': userListSchema,
  'PUT /admin/users/:id': userResponseSchema,
  'PATCH /admin/users/:id/status': userResponseSchema,
  'DELETE /admin/users/:id': deleteUserResponseSchema,
  'POST /admin/users/:id/password-reset': messageResponseSchema,
  'DELETE /admin/users/:id/two-factor': twoFactorResetSchema,
  'GET /admin/stats': adminStatsSchema,
  'GET /admin/overview': overviewSchema,
  'GET /admin/insights/members': membersInsightSchema,
  'GET /admin/insights/retention': retentionInsightSchema,
  'GET /admin/insights/revenue': revenueInsightSchema,
  'GET /admin/insights/attendance': attendanceInsightSchema,
  'GET /admin/insights/plans': plansInsightSchema,
  'GET /admin/audit': auditListSchema,
  'GET /admin/mail': outboxListSchema,
  'POST /admin/mail/:id/retry': retryMailResponseSchema,
  'GET /admin/submissions': submissionListSchema,
  'GET /admin/security-settings': securitySettingsSchema,
  'PUT /admin/security-settings': securitySettingsSchema,

  'GET /admin/memberships': membershipListSchema,
  'GET /admin/memberships/report': duesReportSchema,
  'GET /admin/memberships/:id': membershipDetailSchema,
  'POST /admin/memberships/:id/approve': membershipDetailSchema,
  'PUT /admin/memberships/:id/plan': membershipDetailSchema,
  'POST /admin/memberships/:id/cancel': membershipDetailSchema,
  'GET /admin/membership-settings': duesSettingsSchema,
  'PUT /admin/membership-settings': duesSettingsSchema,
  'GET /admin/invoices': invoiceListSchema,
  'POST /admin/invoices': invoiceSchema,
  'POST /admin/invoices/:id/void': invoiceSchema,
  'POST /admin/invoices/:id/reissue': reissueResponseSchema,
  'POST /admin/invoices/:id/payments': recordPaymentResponseSchema,
  'POST /admin/payments/:id/refunds': refundResponseSchema,
};

/** A path's segments against a route's; `:name` takes any one segment. */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((p, i) => p.startsWith(':') || p === got[i]);
}

/** The schema of an answer to "METHOD /path?query"; a literal route wins over one with `:id`. */
export function answerSchema(route: string): z.ZodType | undefined {
  const [method, url = ''] = route.split(' ');
  const path = url.split('?')[0]!;
  const exact = answers[`${method} ${path}`];
  if (exact) return exact;
  const found = Object.entries(answers).find(([key]) => {
    const [m, pattern] = key.split(' ');
    return m === method && matches(pattern!, path);
  });
  return found?.[1];
}

/** An error answer is the API's `{ error, message }`, or OAuth's `{ error, error_description }`. */
export const errorAnswerSchema = z.union([apiErrorSchema, oauthErrorSchema]);

const breaks: string[] = [];

/**
 * Checks a made-up answer against the contract: a JSON success against its route's schema (a
 * route with none must be added above), a JSON error against the error shapes (a body is
 * read as JSON, as the client reads it, unless typed otherwise). Files, empty answers and
 * bodies that are not JSON pass as they are. A break is kept for the test's end
 * (`expectNoContractBreaks`, run after every test): thrown here, the client would take it
 * for a network failure and retry.
 */
export async function checkAnswer(route: string, response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  if (type !== '' && !type.includes('application/json')) return;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  const schema = response.ok ? answerSchema(route) : errorAnswerSchema;
  if (!schema) {
    breaks.push(`No contract schema for the fake answer to ${route} (test/contract-answers.ts)`);
    return;
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    breaks.push(`The fake answer to ${route} breaks the contract: ${result.error.message}`);
  }
}

/** Fails the test whose fakes answered what the contract does not allow. */
export function expectNoContractBreaks(): void {
  const found = breaks.splice(0);
  if (found.length > 0) throw new Error(found.join('\n'));
}
