import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { optionalBearer, requireSession } from '../../plugins/auth.js';
import type { PeopleService } from './people.js';
import type { StaffPeopleService } from './people-staff.js';

/**
 * A business's people and the invitations to join it: /members/{id}/people,
 * /members/{id}/invitations and /invitations/{token}.
 */
export const peopleRoutes: FastifyPluginAsyncZod<{
  people: PeopleService;
  staffPeople: StaffPeopleService;
}> = async (app, { people, staffPeople }) => {
  contractRoute(
    app,
    endpoints.members.people,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['members'],
        summary: 'The people of a member business (its people and staff)',
        description:
          'Each person with their role, title, own email and phone, whether the listing shows them and whether they sign in; the open invitations and `canManage` true for those who may invite, change and remove people (the primary person, listing editors and staff). Anyone else gets 403.',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return people.view(request.params.id, requireSession(request));
    },
  );

  contractRoute(
    app,
    endpoints.members.invite,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['members'],
        summary: 'Invite someone to join a business (its primary person, an editor or staff)',
        description:
          'Mails a link to `email` (single use, 7 days) that joins the business with `role` (billing, editor or employee), with the sign-in of that address or a new one. 409 when the address is already one of the business’s people or has an open invitation; 429 past the business’s invitations for 24 hours (INVITATIONS_PER_DAY).',
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await people.invite(request.params.id, request.body, requireSession(request))),
  );

  contractRoute(
    app,
    endpoints.members.withdrawInvitation,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['members'],
        summary: 'Withdraw an open invitation (its link stops working)',
      },
    },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      await people.withdraw(id, invitationId, requireSession(request));
      return reply.status(204).send(null);
    },
  );

  contractRoute(
    app,
    endpoints.members.updatePerson,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['members'],
        summary: 'Change a person’s role, title or whether the listing shows them',
        description:
          'Roles by the primary person, editors and staff; a person changes their own title and `shownOnListing`. Making someone `primary` (the primary person or staff) hands the role over: the former primary person becomes an editor and the listing’s name, email and phone become the new one’s. The primary person’s own role is changed only by handing it over (409).',
      },
    },
    async (request) => {
      const { id, personId } = request.params;
      return people.update(id, personId, request.body, requireSession(request));
    },
  );

  contractRoute(
    app,
    endpoints.members.removePerson,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['members'],
        summary: 'Remove a person from a business (or leave it)',
        description:
          'By the primary person, editors and staff, or the person themselves. The primary person is not removed (409: hand the role over first). A removed sign-in loses the business’s member rights at once; its past registrations stay.',
      },
    },
    async (request, reply) => {
      const { id, personId } = request.params;
      await people.remove(id, personId, requireSession(request));
      return reply.status(204).send(null);
    },
  );

  contractRoute(
    app,
    endpoints.members.addPerson,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['members', 'admin'],
        summary: 'Staff add a person to a business, without an invitation',
        description:
          'An `email` that has a sign-in adds that sign-in with `role` (billing, editor or employee), named as the sign-in is; any other adds a person without a sign-in, who needs `firstName` and `lastName` (400 without them). `title` and `phone` are the person’s own. 409 when the address or sign-in is already one of the business’s people, or the business is full. The audit log records `business.person.add`.',
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await staffPeople.add(request.params.id, request.body, requireSession(request))),
  );

  contractRoute(
    app,
    endpoints.members.movePerson,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['members', 'admin'],
        summary: 'Staff move a person to another business',
        description:
          'The person leaves `{id}` and joins `toId` with `role` (billing, editor or employee), keeping their sign-in; a sign-in acting for the business it left acts for the new one. The primary contact is not moved (409: make someone else the primary contact first), nor someone already of `toId` (409). 400 when `toId` is the same business, 404 when either business or the person does not exist. The audit log records `business.person.move` on the business left and `business.person.add` on the one joined.',
      },
    },
    async (request) => {
      const { id, personId } = request.params;
      return staffPeople.move(id, personId, request.body, requireSession(request));
    },
  );

  contractRoute(
    app,
    endpoints.members.invitation,
    {
      schema: {
        tags: ['members'],
        summary: 'What an invitation’s link offers, before anyone signs in',
        description:
          'The business, the role, the address the invitation is bound to and whether that address already has a sign-in. 410 for a link that was used, withdrawn or has expired; 404 for one that never was.',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return people.preview(request.params.token);
    },
  );

  contractRoute(
    app,
    endpoints.members.acceptInvitation,
    {
      schema: {
        security: optionalBearer,
        tags: ['members'],
        summary: 'Accept an invitation: join the business',
        description:
          'Signed in with the invited address, an empty body joins with that sign-in (another address: 403). Not signed in, `firstName`, `lastName`, `password` and `confirmPassword` create an active sign-in for the invited address, which then signs in; an address that already has a sign-in gets 409 (sign in first). At most 10 attempts per client address in 15 minutes (429). A sign-in acting for no business starts acting for this one.',
      },
    },
    async (request) =>
      people.accept(request.params.token, request.body, request.session, request.ip),
  );
};
