import { z } from 'zod';
import { endpoint, errorAnswers } from '../endpoint.js';
import {
  memberBenefitsSchema,
  promoCheckInputSchema,
  promoCheckSchema,
  promoCodeInputSchema,
  promoCodeListSchema,
  promoCodeSchema,
} from '../benefits.js';

const idParams = z.object({ id: z.string().min(1).max(64).describe('An id') });

/**
 * The benefits module's endpoints (apps/server/src/modules/benefits): staff's promo codes, the
 * order form's check of a code, and a member's plan benefits used and left.
 */
export const benefitsEndpoints = {
  promoCodes: endpoint({
    method: 'GET',
    path: '/admin/promo-codes',
    responses: { 200: promoCodeListSchema, ...errorAnswers(401, 403) },
  }),
  createPromoCode: endpoint({
    method: 'POST',
    path: '/admin/promo-codes',
    body: promoCodeInputSchema,
    responses: { 201: promoCodeSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  updatePromoCode: endpoint({
    method: 'PUT',
    path: '/admin/promo-codes/:id',
    params: idParams,
    body: promoCodeInputSchema,
    responses: { 200: promoCodeSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  deletePromoCode: endpoint({
    method: 'DELETE',
    path: '/admin/promo-codes/:id',
    params: idParams,
    responses: { 204: z.null(), ...errorAnswers(401, 403, 404, 409) },
  }),
  endPromoCode: endpoint({
    method: 'POST',
    path: '/admin/promo-codes/:id/end',
    params: idParams,
    responses: { 200: promoCodeSchema, ...errorAnswers(401, 403, 404) },
  }),
  checkPromoCode: endpoint({
    method: 'POST',
    path: '/events/:id/promo-codes/check',
    params: idParams,
    body: promoCheckInputSchema,
    responses: { 200: promoCheckSchema, ...errorAnswers(400, 404) },
  }),
  memberBenefits: endpoint({
    method: 'GET',
    path: '/members/:id/benefits',
    params: idParams,
    responses: { 200: memberBenefitsSchema, ...errorAnswers(401, 403, 404) },
  }),
};
