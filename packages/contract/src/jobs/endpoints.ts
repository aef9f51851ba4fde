import { z } from 'zod';
import { endpoint, errorAnswers } from '../endpoint.js';
import { messageResponseSchema } from '../accounts.js';
import {
  jobBoardSettingsInputSchema,
  jobBoardSettingsSchema,
  jobPostInputSchema,
  jobPostListSchema,
  jobPostQueueQuerySchema,
  jobPostQueueSchema,
  jobPostSchema,
  listJobPostsQuerySchema,
  myJobPostsSchema,
  rejectJobPostSchema,
} from '../job-posts.js';

/** `:id` of a job post: any short string; an unknown one is 404. */
const jobPostParams = z.object({ id: z.string().min(1).max(100) });
/** What a change to a post may answer besides its success. */
const changeErrors = errorAnswers(400, 401, 403, 404, 409);
const denied = errorAnswers(401, 403);

/**
 * The jobs module's endpoints (apps/server/src/modules/jobs): the job board, a business's own
 * posts and their changes, and staff's queue, decisions and settings.
 */
export const jobsEndpoints = {
  board: endpoint({
    method: 'GET',
    path: '/job-posts',
    query: listJobPostsQuerySchema,
    responses: { 200: jobPostListSchema, ...errorAnswers(400) },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/job-posts/mine',
    responses: { 200: myJobPostsSchema, ...denied },
  }),
  get: endpoint({
    method: 'GET',
    path: '/job-posts/:id',
    params: jobPostParams,
    responses: { 200: jobPostSchema, ...errorAnswers(400, 404, 410) },
  }),
  applyClick: endpoint({
    method: 'POST',
    path: '/job-posts/:id/apply-clicks',
    params: jobPostParams,
    responses: { 204: z.null(), ...errorAnswers(400) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/job-posts',
    body: jobPostInputSchema,
    responses: { 201: jobPostSchema, ...errorAnswers(400, 401, 403) },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/job-posts/:id',
    params: jobPostParams,
    body: jobPostInputSchema,
    responses: { 200: jobPostSchema, ...changeErrors },
  }),
  submit: endpoint({
    method: 'POST',
    path: '/job-posts/:id/submit',
    params: jobPostParams,
    responses: { 200: jobPostSchema, ...changeErrors },
  }),
  close: endpoint({
    method: 'POST',
    path: '/job-posts/:id/close',
    params: jobPostParams,
    responses: { 200: jobPostSchema, ...changeErrors },
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/job-posts/:id/reopen',
    params: jobPostParams,
    responses: { 200: jobPostSchema, ...changeErrors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/job-posts/:id',
    params: jobPostParams,
    responses: { 200: messageResponseSchema, ...changeErrors },
  }),
  queue: endpoint({
    method: 'GET',
    path: '/admin/job-posts',
    query: jobPostQueueQuerySchema,
    responses: { 200: jobPostQueueSchema, ...errorAnswers(400), ...denied },
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/job-posts/:id/approve',
    params: jobPostParams,
    responses: { 200: jobPostSchema, ...changeErrors },
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/job-posts/:id/reject',
    params: jobPostParams,
    body: rejectJobPostSchema,
    responses: { 200: jobPostSchema, ...changeErrors },
  }),
  approveChange: endpoint({
    method: 'POST',
    path: '/admin/job-posts/:id/change/approve',
    params: jobPostParams,
    responses: { 200: jobPostSchema, ...changeErrors },
  }),
  rejectChange: endpoint({
    method: 'POST',
    path: '/admin/job-posts/:id/change/reject',
    params: jobPostParams,
    body: rejectJobPostSchema,
    responses: { 200: jobPostSchema, ...changeErrors },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/admin/job-settings',
    responses: { 200: jobBoardSettingsSchema, ...denied },
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: '/admin/job-settings',
    body: jobBoardSettingsInputSchema,
    responses: { 200: jobBoardSettingsSchema, ...errorAnswers(400), ...denied },
  }),
};
