import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import type { ListingCounter } from '../../lib/listing-counter.js';
import { optionalBearer } from '../../plugins/auth.js';
import type { JobsService } from './service.js';

const tags = ['job board'];
// A job's text is at most 10,000 characters (40 kB in UTF-8): room for a too-long text to be
// answered 'too long' (400) by its schema; a body past this is refused before parsing (413).
const bodyLimit = 256 * 1024;

/** /job-posts (the board, the poster's own) and /admin/job-posts (staff), thin over JobsService. */
export const jobsRoutes: FastifyPluginAsyncZod<{
  jobs: JobsService;
  counter: ListingCounter;
}> = async (app, { jobs, counter }) => {
  contractRoute(
    app,
    endpoints.jobs.board,
    {
      schema: {
        tags,
        summary: 'The job board: open posts, newest first, 20 a page',
        description:
          "Approved posts whose closing date has not passed. `q` matches every word in the title, the business's name or the text; `type`, `workplace` and `business` filter. `businesses` lists the businesses with open posts, for the filter.",
      },
    },
    async (request) => jobs.board(request.query),
  );

  contractRoute(
    app,
    endpoints.jobs.mine,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "My business's job posts, in every status",
        description:
          "Drafts, posts waiting for staff, on the board, sent back (with staff's reason), closed and expired; `mayPost` says whether the membership is active, `publishesDirectly` whether a submitted post skips staff. 403 for a login without a member business.",
      },
    },
    async (request) => jobs.mine(request.session!),
  );

  contractRoute(
    app,
    endpoints.jobs.get,
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'One job post',
        description:
          'An open post for anyone; any post for its poster and staff. 410 for a post that has closed or expired; 404 for one that does not exist or is not public.',
      },
    },
    async (request) => {
      const post = await jobs.get(request.params.id, request.session);
      // A visitor's view (the web app's own navigation); the poster and staff are not visitors.
      if (!post.canEdit) counter.count(request.headers, post.id, 'job_view');
      return post;
    },
  );

  contractRoute(
    app,
    endpoints.jobs.applyClick,
    {
      schema: {
        tags,
        summary: 'Count a click on a job post’s Apply',
        description:
          'Sent by the job post page (as a beacon) when a visitor follows its Apply link. Added to the listing’s daily total of application clicks; no cookie is read and nothing about the visitor is kept; bots (by their user agent) are not counted. Always 204.',
      },
    },
    async (request, reply) => {
      counter.count(request.headers, request.params.id, 'apply_click');
      return reply.status(204).send(null);
    },
  );

  contractRoute(
    app,
    endpoints.jobs.create,
    {
      bodyLimit,
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Write a job post (a draft)',
        description:
          "A draft of the signed-in member's business; submit it to send it to staff. The closing date defaults to 30 days from today and may be at most 90. 403 unless a current member (membership active or in grace, or staff).",
      },
    },
    async (request, reply) =>
      reply.status(201).send(await jobs.create(request.session!, request.body)),
  );

  contractRoute(
    app,
    endpoints.jobs.update,
    {
      bodyLimit,
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Edit a job post',
        description:
          "The poster or staff. The poster's change to a live post stays beside the live text (`pendingChange`) until staff approve it; the board keeps showing the live text. With the chamber's setting `dateAndPayChangesGoLive` (default on), a change only to the closing date or pay goes live at once; a second change replaces the waiting one. A poster who publishes directly, and staff, change the live text at once. The poster's change to a post waiting for staff keeps it waiting. 409 for a closed or expired post.",
      },
    },
    async (request) => jobs.update(request.session!, request.params.id, request.body),
  );

  contractRoute(
    app,
    endpoints.jobs.submit,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Submit a draft for approval',
        description:
          "A draft, or a post staff sent back, goes to staff (status pending); with the chamber's setting, an enhanced or elite member's goes on the board at once (approved). 409 in any other status.",
      },
    },
    async (request) => jobs.submit(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.jobs.close,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Close a job post',
        description: 'The poster or staff take the post off the board; its page then answers 410.',
      },
    },
    async (request) => jobs.close(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.jobs.reopen,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Reopen a closed job post',
        description:
          "The poster only. A closed post goes back as a submission does: to staff (pending) or, with the chamber's setting, on the board at once; one whose closing date has passed becomes a draft to edit and submit. 409 for a post that is not closed.",
      },
    },
    async (request) => jobs.reopen(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.jobs.remove,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete a job post',
        description: 'The poster or staff delete the post for good.',
      },
    },
    async (request) => {
      await jobs.remove(request.session!, request.params.id);
      return { message: 'The job posting was deleted.' };
    },
  );

  contractRoute(
    app,
    endpoints.jobs.queue,
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: "Staff's job post queue, with the count in each status",
        description:
          "`status` (default `pending`): the posts in it, oldest submission first, at most 200; `changes`: live posts whose poster's change waits ('changes waiting'), oldest change first. `counts` has every status; `changesWaiting` the live posts with a waiting change.",
      },
    },
    async (request) => jobs.queue(request.query.status),
  );

  contractRoute(
    app,
    endpoints.jobs.approve,
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Approve a job post',
        description:
          'A post waiting for staff goes on the board; the poster is mailed. Audited. 409 for a post not waiting, or whose closing date has passed.',
      },
    },
    async (request) => jobs.approve(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.jobs.reject,
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: 'Send a job post back, with the reason',
        description:
          'A post waiting for staff is sent back; the poster is mailed the reason and may edit and submit it again. Audited. 409 for a post not waiting.',
      },
    },
    async (request) => jobs.reject(request.session!, request.params.id, request.body.reason),
  );

  contractRoute(
    app,
    endpoints.jobs.approveChange,
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: "Approve the poster's change to a live job post",
        description:
          'The waiting change replaces the live text on the board; the poster is mailed. Audited with the fields before and after. 409 when no change waits, or its closing date has passed.',
      },
    },
    async (request) => jobs.approveChange(request.session!, request.params.id),
  );

  contractRoute(
    app,
    endpoints.jobs.rejectChange,
    {
      config: { access: 'staff' },
      schema: {
        tags: [...tags, 'admin'],
        summary: "Turn down the poster's change to a live job post, with the reason",
        description:
          'The waiting change is dropped and the live text stays on the board; the poster is mailed the reason. Audited. 409 when no change waits.',
      },
    },
    async (request) => jobs.rejectChange(request.session!, request.params.id, request.body.reason),
  );

  contractRoute(
    app,
    endpoints.jobs.settings,
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: "The job board's settings",
      },
    },
    async () => jobs.getSettings(),
  );

  contractRoute(
    app,
    endpoints.jobs.putSettings,
    {
      config: { access: 'admin' },
      schema: {
        tags: [...tags, 'admin'],
        summary: "Change the job board's settings",
        description:
          "`membersPublishDirectly`: enhanced and elite members' submitted posts go on the board without staff's approval. `dateAndPayChangesGoLive`: a poster's change to a live post touching only the closing date or pay goes live at once. A setting left out stays as it is. Audited.",
      },
    },
    async (request) => jobs.putSettings(request.session!, request.body),
  );
};
