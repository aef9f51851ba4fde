import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusinessPeople, type BusinessPerson, peopleMessages } from '@chamber/contract';
import { auditLog, businessPeople, users } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';

// Staff add people to a business without an invitation and move people between businesses;
// a business's own editor may do neither.
let ctx: TestContext;
let staff: { admin: string; moderator: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
  const moderator = await createTestUser(ctx.db, { role: 'moderator', contact: false });
  staff = { admin: await signIn(ctx, admin.email), moderator: await signIn(ctx, moderator.email) };
});
afterAll(() => ctx.close());

let n = 0;
/** A business whose primary person signs in, and an editor of it who signs in too. */
async function business(name = 'Harbour Books') {
  n += 1;
  const owner = await createTestUser(ctx.db, {
    email: `owner${n}@staffpeople.example`,
    contact: { businessName: `${name} ${n}` },
  });
  const editor = await createTestUser(ctx.db, {
    email: `editor${n}@staffpeople.example`,
    contact: false,
  });
  await ctx.db.insert(businessPeople).values({
    contactId: owner.contactId!,
    userId: editor.id,
    role: 'editor',
    firstName: editor.firstName,
    lastName: editor.lastName,
    email: editor.email,
  });
  return {
    id: owner.contactId!,
    owner,
    ownerToken: await signIn(ctx, owner.email),
    editorToken: await signIn(ctx, editor.email),
  };
}

const post = (url: string, payload: object, token: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const add = (id: string, payload: object, token = staff.moderator) =>
  post(`/api/admin/members/${id}/people`, payload, token);
const move = (id: string, personId: string, payload: object, token = staff.admin) =>
  post(`/api/admin/members/${id}/people/${personId}/move`, payload, token);

async function peopleOf(id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/members/${id}/people`,
    headers: bearer(staff.admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BusinessPeople>().people;
}

const auditOf = (id: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)));

describe('POST /api/admin/members/{id}/people', () => {
  it('adds an existing sign-in found by its address, with the role given', async () => {
    const b = await business();
    const bookkeeper = await createTestUser(ctx.db, {
      email: `Books${n}@staffpeople.example`,
      firstName: 'Mina',
      lastName: 'Okafor',
      contact: false,
    });
    const res = await add(b.id, {
      email: bookkeeper.email.toUpperCase(),
      role: 'billing',
      title: 'Bookkeeper',
    });
    expect(res.statusCode, res.body).toBe(201);
    const person = res.json<BusinessPerson>();
    expect(person).toMatchObject({
      role: 'billing',
      name: 'Mina Okafor',
      title: 'Bookkeeper',
      email: bookkeeper.email,
      hasSignIn: true,
    });
    expect((await peopleOf(b.id)).map((p) => p.id)).toContain(person.id);
    // A sign-in acting for no business acts for the one it joined: member rights follow.
    const [login] = await ctx.db.select().from(users).where(eq(users.id, bookkeeper.id));
    expect(login!.contactId).toBe(b.id);
    const [entry] = await auditOf(b.id, 'business.person.add');
    expect(entry!.after).toMatchObject({ role: 'billing', userId: bookkeeper.id, byStaff: true });
  });

  it('adds a person without a sign-in, named by staff', async () => {
    const b = await business();
    const email = `counter${n}@staffpeople.example`;
    const res = await add(b.id, {
      role: 'employee',
      firstName: 'Theo',
      lastName: 'Grant',
      title: 'Counter staff',
      email,
      phone: '555-0101',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<BusinessPerson>()).toMatchObject({
      role: 'employee',
      name: 'Theo Grant',
      title: 'Counter staff',
      email,
      phone: '555-0101',
      hasSignIn: false,
    });
    expect((await peopleOf(b.id)).map((p) => p.name)).toContain('Theo Grant');
  });

  it('refuses someone already in the business, saying what to do', async () => {
    const b = await business();
    const again = await add(b.id, { email: b.owner.email, role: 'employee' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(peopleMessages.alreadyAdded);
    const email = `twice${n}@staffpeople.example`;
    const first = await add(b.id, { email, firstName: 'Ana', lastName: 'Reyes', role: 'employee' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await add(b.id, { email, firstName: 'Ana', lastName: 'R', role: 'billing' });
    expect(second.statusCode, second.body).toBe(409);
  });

  it('asks for a name when the address has no sign-in, and for something at all', async () => {
    const b = await business();
    const res = await add(b.id, { email: `nobody${n}@staffpeople.example`, role: 'employee' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(peopleMessages.nameForNewPerson);
    expect((await add(b.id, { role: 'employee' })).statusCode).toBe(400);
    expect((await add(b.id, { role: 'primary', firstName: 'A', lastName: 'B' })).statusCode).toBe(
      400,
    );
  });

  it('refuses the business’s own primary person and editor (403), and answers 404', async () => {
    const b = await business();
    const payload = { role: 'employee', firstName: 'Eve', lastName: 'Sneaky' };
    const byEditor = await add(b.id, payload, b.editorToken);
    expect(byEditor.statusCode, byEditor.body).toBe(403);
    expect((await add(b.id, payload, b.ownerToken)).statusCode).toBe(403);
    expect((await peopleOf(b.id)).map((p) => p.name)).not.toContain('Eve Sneaky');
    const missing = await add('00000000-0000-4000-8000-000000000000', payload);
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/admin/members/{id}/people/{personId}/move', () => {
  it('moves a person with their sign-in to another business, with a role', async () => {
    const from = await business('Old Shop');
    const to = await business('New Shop');
    const editor = (await peopleOf(from.id)).find((p) => p.role === 'editor')!;
    const res = await move(from.id, editor.id, { toId: to.id, role: 'billing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BusinessPerson>()).toMatchObject({ id: editor.id, role: 'billing' });
    expect((await peopleOf(from.id)).map((p) => p.id)).not.toContain(editor.id);
    expect((await peopleOf(to.id)).find((p) => p.id === editor.id)?.role).toBe('billing');
    const [left] = await auditOf(from.id, 'business.person.move');
    expect(left!.before).toMatchObject({ role: 'editor' });
    expect(left!.after).toMatchObject({ role: 'billing', movedTo: to.id });
    const joined = await auditOf(to.id, 'business.person.add');
    expect(joined.map((e) => e.after)).toContainEqual(
      expect.objectContaining({ movedFrom: from.id }),
    );
    // The moved editor no longer keeps the old listing.
    const edit = await ctx.app.inject({
      method: 'POST',
      url: `/api/members/${from.id}/invitations`,
      payload: { email: `late${n}@staffpeople.example`, role: 'employee' },
      headers: bearer(from.editorToken),
    });
    expect(edit.statusCode, edit.body).toBe(403);
  });

  it('refuses to move the primary person, saying what to do', async () => {
    const from = await business();
    const to = await business();
    const primary = (await peopleOf(from.id)).find((p) => p.role === 'primary')!;
    const res = await move(from.id, primary.id, { toId: to.id, role: 'editor' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(peopleMessages.primaryMove);
    expect((await peopleOf(from.id)).find((p) => p.role === 'primary')?.id).toBe(primary.id);
  });

  it('refuses someone already in the target, the same business and unknown ones', async () => {
    const from = await business();
    const to = await business();
    const editor = (await peopleOf(from.id)).find((p) => p.role === 'editor')!;
    const copy = await add(to.id, {
      email: editor.email,
      role: 'employee',
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const taken = await move(from.id, editor.id, { toId: to.id, role: 'employee' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toBe(peopleMessages.alreadyInTarget);
    const same = await move(from.id, editor.id, { toId: from.id, role: 'employee' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(peopleMessages.sameBusiness);
    const nowhere = '00000000-0000-4000-8000-000000000000';
    expect((await move(from.id, editor.id, { toId: nowhere, role: 'employee' })).statusCode).toBe(
      404,
    );
    expect((await move(from.id, nowhere, { toId: to.id, role: 'employee' })).statusCode).toBe(404);
  });

  it('refuses the business’s own editor (403)', async () => {
    const from = await business();
    const to = await business();
    const person = await add(from.id, { role: 'employee', firstName: 'Lee', lastName: 'Stay' });
    const id = person.json<BusinessPerson>().id;
    const res = await move(from.id, id, { toId: to.id, role: 'employee' }, from.editorToken);
    expect(res.statusCode, res.body).toBe(403);
    expect((await peopleOf(from.id)).map((p) => p.id)).toContain(id);
  });
});
