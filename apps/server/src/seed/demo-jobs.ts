import { and, eq, sql } from 'drizzle-orm';
import { addDays, dateKeyIn } from '@chamber/contract';
import { contacts, type Database, jobPosts, users } from '@chamber/db';
import { TIMEZONE } from './demo-data.js';

interface DemoJob {
  email: string;
  title: string;
  status: 'approved' | 'pending';
  values: Pick<
    typeof jobPosts.$inferInsert,
    | 'description'
    | 'employmentType'
    | 'workplace'
    | 'payMinCents'
    | 'payMaxCents'
    | 'payPeriod'
    | 'applyUrl'
  >;
}

/** One post on the board and one waiting in staff's queue. */
const demoJobs: DemoJob[] = [
  {
    email: 'maria@sweetwaterbakery.example',
    title: 'Early-morning baker',
    status: 'approved',
    values: {
      description:
        'Sweetwater Bakery is looking for a baker to shape and bake our breads and pastries from 4 am.\n\nExperience in a bakery helps; we train the right person. Weekends alternate.\n\nSee the whole team at https://sweetwaterbakery.example',
      employmentType: 'full_time',
      workplace: 'on_site',
      payMinCents: 1800,
      payMaxCents: 2200,
      payPeriod: 'hour',
      applyUrl: 'mailto:jobs@sweetwaterbakery.example',
    },
  },
  {
    email: 'hannah@copperleafcoffee.example',
    title: 'Weekend barista',
    status: 'pending',
    values: {
      description: 'Saturday and Sunday mornings behind the bar of Copperleaf Coffee House.',
      employmentType: 'part_time',
      workplace: 'on_site',
      payMinCents: null,
      payMaxCents: null,
      payPeriod: null,
      applyUrl: 'https://copperleafcoffee.example/jobs',
    },
  },
];

/** The demo job posts, each added once (found again by its business and title). */
export async function seedDemoJobs(db: Database, now: Date): Promise<string[]> {
  const closesOn = addDays(dateKeyIn(now, TIMEZONE), 30);
  let created = 0;
  for (const job of demoJobs) {
    const [contact] = await db
      .select({ id: contacts.id, userId: users.id })
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.primaryUserId))
      .where(sql`lower(${contacts.email}) = ${job.email}`);
    if (!contact) continue;
    const [existing] = await db
      .select({ id: jobPosts.id })
      .from(jobPosts)
      .where(and(eq(jobPosts.contactId, contact.id), eq(jobPosts.title, job.title)));
    if (existing) continue;
    await db.insert(jobPosts).values({
      ...job.values,
      contactId: contact.id,
      createdBy: contact.userId,
      title: job.title,
      status: job.status,
      closesOn,
      submittedAt: now,
      postedAt: job.status === 'approved' ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    created++;
  }
  return [`job posts: ${created} created, ${demoJobs.length - created} already present`];
}
