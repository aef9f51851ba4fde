import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { businessPeople, contacts, users } from '@chamber/db';
import { createTestApp, signIn, type TestContext } from '../test/app.js';
import { demoAccounts } from './demo-data.js';
import { seedDemo } from './seed.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.db, ctx.clock.now());
});
afterAll(() => ctx.close());

const redwoodPeople = () =>
  ctx.db
    .select({
      email: users.email,
      role: businessPeople.role,
      title: businessPeople.title,
      shown: businessPeople.shownOnListing,
      actsFor: users.contactId,
      contactId: businessPeople.contactId,
    })
    .from(businessPeople)
    .innerJoin(contacts, eq(contacts.id, businessPeople.contactId))
    .leftJoin(users, eq(users.id, businessPeople.userId))
    .where(sql`${contacts.email} = 'tom@redwoodhardware.example'`)
    .orderBy(businessPeople.role, users.email);

it('the demo chamber has a business with an owner, a bookkeeper and two employees, each signing in', async () => {
  const expected = [
    ['tom@redwoodhardware.example', 'primary', 'Owner', true],
    ['ruth@redwoodhardware.example', 'billing', 'Bookkeeper', false],
    ['kai@redwoodhardware.example', 'employee', 'Store Manager', true],
    ['lena@redwoodhardware.example', 'employee', 'Sales Associate', false],
  ];
  const people = await redwoodPeople();
  expect(people.map((p) => [p.email, p.role, p.title, p.shown])).toEqual(expected);
  // Each acts for the business.
  for (const p of people) expect(p.actsFor).toBe(p.contactId);

  // Seeding again changes nothing; each of them signs in with the documented password.
  await seedDemo(ctx.db, ctx.clock.now());
  expect((await redwoodPeople()).map((p) => [p.email, p.role, p.title, p.shown])).toEqual(expected);
  for (const [email] of expected) {
    const account = demoAccounts.find((a) => a.email === email)!;
    expect(await signIn(ctx, account.email, account.password)).toBeTruthy();
  }
});
