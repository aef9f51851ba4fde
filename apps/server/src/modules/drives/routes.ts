import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute, type RouteDocs } from '../../lib/contract-route.js';
import type { DrivesService } from './service.js';

/** A staff route, under the drives and admin tags. */
const staff = (docs: RouteDocs) => ({
  config: { access: 'staff' as const },
  schema: { tags: ['drives', 'admin'], ...docs },
});
/** A volunteer's route: any signed-in login; the service keeps each to their own prospects. */
const volunteer = (docs: RouteDocs) => ({
  config: { access: 'signed-in' as const },
  schema: { tags: ['drives'], ...docs },
});

/**
 * /admin/campaigns/sponsorship* (staff: drives, volunteers, prospects, invoices) and
 * /sponsorship-drives/mine* (a volunteer's own prospects), thin over DrivesService.
 */
export const drivesRoutes: FastifyPluginAsyncZod<{ drives: DrivesService }> = async (
  app,
  { drives },
) => {
  contractRoute(
    app,
    endpoints.drives.list,
    staff({ summary: 'Sponsorship drives, newest first, with their totals' }),
    async () => drives.list(),
  );

  contractRoute(
    app,
    endpoints.drives.create,
    staff({
      summary: 'Create a sponsorship drive',
      description:
        "Name, goal in cents, first and last day (the chamber's zone). 400 for a drive that ends before it starts. Audited.",
    }),
    async (request, reply) =>
      reply.status(201).send(await drives.create(request.session!, request.body)),
  );

  contractRoute(
    app,
    endpoints.drives.get,
    staff({
      summary: 'A drive: its leaderboard and its prospects',
      description:
        "Each volunteer's pledged, invoiced and paid cents (pledged counts every pledge past contacted; invoiced those invoiced or paid), most pledged first, and every prospect.",
    }),
    async (request) => drives.detail(request.params.driveId),
  );

  contractRoute(
    app,
    endpoints.drives.update,
    staff({ summary: "Change a drive's name, goal or days" }),
    async (request) => drives.update(request.session!, request.params.driveId, request.body),
  );

  contractRoute(
    app,
    endpoints.drives.candidates,
    staff({
      summary: 'Who may volunteer, and which member businesses may be prospects',
      description: 'People of member businesses and staff logins; member businesses by name.',
    }),
    async (request) => drives.candidates(request.params.driveId),
  );

  contractRoute(
    app,
    endpoints.drives.addVolunteer,
    staff({
      summary: 'Add a volunteer to a drive',
      description:
        'A person of a member business (`personId`) or a staff login (`userId`). 409 when already one. Audited.',
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await drives.addVolunteer(request.session!, request.params.driveId, request.body)),
  );

  contractRoute(
    app,
    endpoints.drives.addProspect,
    staff({
      summary: 'Add a prospect, assigned to a volunteer',
      description:
        'A member business (`contactId`) or a new business (`business`: name, contact person, email, phone), which becomes a contact without membership, not listed in the directory. Starts as contacted.',
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await drives.addProspect(request.session!, request.params.driveId, request.body)),
  );

  contractRoute(
    app,
    endpoints.drives.updateProspect,
    staff({
      summary: 'Change a prospect: stage, note, next step, pledge, volunteer',
      description:
        "Moves contacted ⇄ pledged (a pledge needs its cents and description); 409 for a move to invoiced (staff's 'Send invoice') or paid (the invoice's payment), or away from them.",
    }),
    async (request) =>
      drives.updateProspect(request.session!, request.params.prospectId, request.body, {
        driveId: request.params.driveId,
      }),
  );

  contractRoute(
    app,
    endpoints.drives.invoice,
    staff({
      summary: "Send a pledge's invoice",
      description:
        'The pledge becomes an invoice of the business through billing (the next number, its PDF mailed); the prospect is invoiced, and paid when the invoice is. 409 for a prospect not pledged.',
    }),
    async (request) =>
      drives.sendInvoice(request.session!, request.params.driveId, request.params.prospectId),
  );

  contractRoute(
    app,
    endpoints.drives.mine,
    volunteer({
      summary: 'My drives as a volunteer, with my prospects only',
      description: 'Empty for a login that volunteers in no drive.',
    }),
    async (request) => drives.mine(request.session!),
  );

  contractRoute(
    app,
    endpoints.drives.updateMine,
    volunteer({
      summary: 'Change one of my prospects',
      description:
        "As staff's change, for the volunteer's own prospects: 403 for another volunteer's prospect or handing one to another volunteer.",
    }),
    async (request) =>
      drives.updateProspect(request.session!, request.params.prospectId, request.body, {
        own: true,
      }),
  );
};
