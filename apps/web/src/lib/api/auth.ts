import { endpoints } from '@chamber/contract/endpoints';
import type { AuthorizeRequest, MfaVerifyRequest, TokenRequest } from '@chamber/contract';
import type { ApiClient } from './client';
import { getToken } from '../storage';

/** The auth endpoints (docs/product.md#api-calls Authentication), bound to one API client. */
export function createAuthApi(client: ApiClient) {
  return {
    authorize: (body: AuthorizeRequest) =>
      client.call(endpoints.auth.authorize, { body, errorMessage: 'Authorization failed' }),

    /** The second step of a sign-in with two-factor: a code from the app or a recovery code. */
    verifySecondFactor: (body: MfaVerifyRequest) =>
      client.call(endpoints.auth.verifyMfa, { body, errorMessage: 'Authorization failed' }),

    exchangeCode: (body: TokenRequest) =>
      client.call(endpoints.auth.token, { body, errorMessage: 'Token exchange failed' }),

    validate: () => client.call(endpoints.auth.validate),

    fetchProfile: () => {
      if (!getToken()) return Promise.reject(new Error('No token found'));
      return client.call(endpoints.auth.getProfile, { errorMessage: 'Failed to fetch profile' });
    },

    logout: () => client.call(endpoints.auth.logout),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

/** Where the authorization code is bound: the app's /auth on its own origin. */
export const redirectUri = () => `${window.location.origin}/auth`;
