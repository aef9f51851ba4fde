import { z } from 'zod';
import {
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
} from '../accounts.js';
import {
  authorizeRequestSchema,
  authorizeResponseSchema,
  profileSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  validateResponseSchema,
} from '../auth.js';
import { apiErrorSchema, oauthErrorSchema } from '../common.js';
import { endpoint, errorAnswers, idParams } from '../endpoint.js';
import { updateOwnProfileSchema } from '../members.js';
import {
  registerExistingRequestSchema,
  registerRequestSchema,
  registrationResponseSchema,
  sendConfirmationRequestSchema,
  sendConfirmationResponseSchema,
  verifyConfirmationRequestSchema,
  verifyConfirmationResponseSchema,
  verifyContactRequestSchema,
  verifyContactResponseSchema,
} from '../onboarding.js';
import { endedSessionsSchema, sessionListSchema } from '../sessions.js';
import {
  currentPasswordSchema,
  mfaEnrolmentRequestSchema,
  mfaVerifyRequestSchema,
  mfaVerifyResponseSchema,
  recoveryCodesSchema,
  twoFactorConfirmSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../two-factor.js';

/** The auth module's endpoints (apps/server/src/modules/auth). */
export const authEndpoints = {
  changePassword: endpoint({
    method: 'POST',
    path: '/auth/password',
    body: changePasswordRequestSchema,
    responses: {
      200: changePasswordResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  changeEmail: endpoint({
    method: 'POST',
    path: '/auth/email',
    body: changeEmailRequestSchema,
    responses: {
      202: changeEmailResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/auth/confirm-email',
    body: confirmEmailRequestSchema,
    responses: {
      200: confirmEmailResponseSchema,
      400: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    body: forgotPasswordRequestSchema,
    responses: { 202: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    body: resetPasswordRequestSchema,
    responses: { 200: resetPasswordResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  getProfile: endpoint({
    method: 'GET',
    path: '/auth/profile',
    responses: { 200: profileSchema, 401: apiErrorSchema },
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/auth/profile',
    body: updateOwnProfileSchema,
    responses: { 200: profileSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  listSessions: endpoint({
    method: 'GET',
    path: '/auth/sessions',
    responses: { 200: sessionListSchema, 401: apiErrorSchema },
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/auth/sessions/:id',
    params: idParams,
    responses: { 204: z.null(), 401: apiErrorSchema, 404: apiErrorSchema },
  }),
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/auth/sessions/end-others',
    responses: { 200: endedSessionsSchema, 401: apiErrorSchema },
  }),
  authorize: endpoint({
    method: 'POST',
    path: '/auth/authorize',
    body: authorizeRequestSchema,
    responses: {
      200: authorizeResponseSchema,
      400: oauthErrorSchema,
      401: oauthErrorSchema,
      403: oauthErrorSchema,
      429: oauthErrorSchema,
    },
  }),
  token: endpoint({
    method: 'POST',
    path: '/auth/token',
    body: tokenRequestSchema,
    responses: { 200: tokenResponseSchema, 400: oauthErrorSchema, 401: oauthErrorSchema },
  }),
  validate: endpoint({
    method: 'GET',
    path: '/auth/validate',
    responses: { 200: validateResponseSchema },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    responses: { 204: z.null(), 401: apiErrorSchema },
  }),
  verifyContact: endpoint({
    method: 'POST',
    path: '/auth/verify-contact',
    body: verifyContactRequestSchema,
    responses: {
      200: verifyContactResponseSchema,
      400: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  sendConfirmation: endpoint({
    method: 'POST',
    path: '/auth/send-confirmation',
    body: sendConfirmationRequestSchema,
    responses: { 200: sendConfirmationResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
  }),
  verifyConfirmation: endpoint({
    method: 'POST',
    path: '/auth/verify-confirmation',
    body: verifyConfirmationRequestSchema,
    responses: {
      200: verifyConfirmationResponseSchema,
      400: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  registerExisting: endpoint({
    method: 'POST',
    path: '/auth/register-existing',
    body: registerExistingRequestSchema,
    responses: {
      201: registrationResponseSchema,
      400: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    body: registerRequestSchema,
    responses: {
      201: registrationResponseSchema,
      400: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  verifyMfa: endpoint({
    method: 'POST',
    path: '/auth/mfa',
    body: mfaVerifyRequestSchema,
    responses: {
      200: mfaVerifyResponseSchema,
      400: oauthErrorSchema,
      401: oauthErrorSchema,
      429: oauthErrorSchema,
    },
  }),
  mfaEnrolment: endpoint({
    method: 'POST',
    path: '/auth/mfa/enrolment',
    body: mfaEnrolmentRequestSchema,
    responses: { 200: twoFactorSetupSchema, 400: oauthErrorSchema },
  }),
  getTwoFactor: endpoint({
    method: 'GET',
    path: '/auth/two-factor',
    responses: { 200: twoFactorStatusSchema, 401: apiErrorSchema },
  }),
  setUpTwoFactor: endpoint({
    method: 'POST',
    path: '/auth/two-factor/setup',
    responses: { 200: twoFactorSetupSchema, 401: apiErrorSchema, 409: apiErrorSchema },
  }),
  confirmTwoFactor: endpoint({
    method: 'POST',
    path: '/auth/two-factor/confirm',
    body: twoFactorConfirmSchema,
    responses: {
      200: recoveryCodesSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  newRecoveryCodes: endpoint({
    method: 'POST',
    path: '/auth/two-factor/recovery-codes',
    body: currentPasswordSchema,
    responses: {
      200: recoveryCodesSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
  disableTwoFactor: endpoint({
    method: 'POST',
    path: '/auth/two-factor/disable',
    body: currentPasswordSchema,
    responses: {
      200: twoFactorStatusSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  }),
};
