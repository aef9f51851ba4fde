import {
  adminStatsSchema,
  apiErrorSchema,
  appointmentSchema,
  auditListSchema,
  outboxListSchema,
  retryMailResponseSchema,
  calendarSchema,
  cancelledRegistrationSchema,
  deleteEventResultSchema,
  deleteUserResponseSchema,
  eventCustomFieldsSchema,
  eventListSchema,
  managedRegistrationSchema,
  newManageLinkSchema,
  messageResponseSchema,
  oauthErrorSchema,
  registrationListSchema,
  registrationResultSchema,
  seriesRegistrationResultSchema,
  upcomingSeriesDatesSchema,
  securitySettingsSchema,
  seriesCustomFieldsResultSchema,
  submissionListSchema,
  twoFactorResetSchema,
  userListSchema,
  userResponseSchema,
  overviewSchema,
  membersInsightSchema,
  retentionInsightSchema,
  revenueInsightSchema,
  attendanceInsightSchema,
  plansInsightSchema,
  endpoints,
  isFileAnswer,
  matchesPath,
  type Answer,
  type Endpoint,
} from '@chamber/contract';
import { z } from 'zod';

/** Every endpoint declared in the contract (packages/contract/src/<module>/endpoints.ts). */
const declared: Endpoint[] = Object.values(endpoints).flatMap((module) => Object.values(module));

/**
 * The endpoint of "METHOD /path": a literal path wins over one with `:id`
 * (`/auth/sessions/end-others` over `/auth/sessions/:id`).
 */
export function endpointOf(method: string, path: string): Endpoint | undefined {
  const candidates = declared.filter((e) => e.method === method && matchesPath(e.path, path));
  return candidates.find((e) => e.path === path) ?? candidates[0];
}

/**
 * Modules whose routes are not declared as contract endpoints yet (calendars,
 * registrations, admin): the schema of each answer the web app reads, by the server's "METHOD /path", as
 * their route files declare it. An entry goes when its module's endpoints are declared.
 */
const notYetDeclared: Record<string, z.ZodType> = {
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
};

/** The schema of a success to "METHOD /path?query" among the modules not declared yet. */
function notYetDeclaredSchema(method: string, path: string): z.ZodType | undefined {
  const exact = notYetDeclared[`${method} ${path}`];
  if (exact) return exact;
  const found = Object.entries(notYetDeclared).find(([key]) => {
    const [m, pattern] = key.split(' ');
    return m === method && matchesPath(pattern!, path);
  });
  return found?.[1];
}

/**
 * The schema an answer to "METHOD /path?query" with `status` must match: the endpoint's
 * answer of that status; an error the endpoint does not declare is one of the error shapes.
 */
export function answerSchema(route: string, status = 200): Answer | undefined {
  const [method = '', url = ''] = route.split(' ');
  const path = url.split('?')[0]!;
  const ok = status >= 200 && status < 300;
  const endpoint = endpointOf(method, path);
  if (endpoint) return endpoint.responses[status] ?? (ok ? undefined : errorAnswerSchema);
  return ok ? notYetDeclaredSchema(method, path) : errorAnswerSchema;
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
  const schema = answerSchema(route, response.status);
  if (!schema) {
    breaks.push(
      `No contract schema for the fake answer ${response.status} to ${route} (packages/contract/src/<module>/endpoints.ts)`,
    );
    return;
  }
  if (isFileAnswer(schema)) return;
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
