/**
 * Every route of the web app (docs/product.md#screens), with builders for links. The web app routes by it and
 * the server answers the same list (anything else is redirected home). No imports: the e2e
 * tests use it too.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  login: {
    path: '/login',
    /** With the page it was followed from, signing in leads back there. */
    href: (from?: string) => (from ? `/login?from=${encodeURIComponent(from)}` : '/login'),
  },
  register: {
    path: '/register',
    href: (email?: string) =>
      email ? `/register?email=${encodeURIComponent(email)}` : '/register',
  },
  registerExisting: {
    path: '/register-existing',
    href: (email?: string) =>
      email ? `/register-existing?email=${encodeURIComponent(email)}` : '/register-existing',
  },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  /** Opened from the reset mail as `/reset-password?token=…`. */
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  /** Opened from the mail to a new sign-in address as `/confirm-email?token=…`. */
  confirmEmail: { path: '/confirm-email', href: () => '/confirm-email' },
  connectAccount: { path: '/connect-account', href: () => '/connect-account' },
  join: {
    path: '/join',
    /** With a plan's slug, the join page starts with that plan chosen. */
    href: (plan?: string) => (plan ? `/join?plan=${encodeURIComponent(plan)}` : '/join'),
  },
  nominations: { path: '/nominations', href: () => '/nominations' },
  basicMembership: { path: '/basic-membership', href: () => '/basic-membership' },
  enhancedMembership: { path: '/enhanced-membership', href: () => '/enhanced-membership' },
  eliteMembership: { path: '/elite-membership', href: () => '/elite-membership' },
  profile: { path: '/profile', href: () => '/profile' },
  /** The member hub: standing, invoices, tickets, listing, posts and the year's figures. */
  account: { path: '/account', href: () => '/account' },
  /** The signed-in member's dues: plan, standing, invoices; Stripe sends members back here. */
  membership: { path: '/membership', href: () => '/membership' },
  courses: { path: '/courses', href: () => '/courses' },
  admin: { path: '/admin', href: () => '/admin' },
  /** Staff's messages to members: the campaigns, newest first. */
  communications: { path: '/admin/communications', href: () => '/admin/communications' },
  /**
   * The addresses bulk mail does not reach: suppressed, and unsubscribed (`?tab=unsubscribed`).
   * Listed before `campaign`, whose `:id` would take its last segment for an id.
   */
  noBulkMail: {
    path: '/admin/communications/addresses',
    href: () => '/admin/communications/addresses',
  },
  /** One campaign: its audience, its send (now or scheduled), progress and report. */
  campaign: {
    path: '/admin/communications/:id',
    href: (id: string) => `/admin/communications/${encodeURIComponent(id)}`,
  },
  /** Staff write a new campaign (member communications). */
  adminCampaignNew: {
    path: '/admin/communications/new',
    href: () => '/admin/communications/new',
  },
  /** Staff change a draft or scheduled campaign's message. */
  adminCampaignEdit: {
    path: '/admin/communications/:id/edit',
    href: (id: string) => `/admin/communications/${encodeURIComponent(id)}/edit`,
  },
  /** Staff's sponsorship drives: each with its goal and totals; a new one. */
  sponsorshipDrives: {
    path: '/admin/sponsorship-drives',
    href: () => '/admin/sponsorship-drives',
  },
  /** One drive: the leaderboard against the goal and the board of prospects by stage. */
  sponsorshipDrive: {
    path: '/admin/sponsorship-drives/:id',
    href: (id: string) => `/admin/sponsorship-drives/${encodeURIComponent(id)}`,
  },
  /** A volunteer's own prospects in the drives they volunteer in. */
  myDrive: { path: '/account/sponsorship-drive', href: () => '/account/sponsorship-drive' },
  calendar: { path: '/calendar', href: () => '/calendar' },
  event: { path: '/events/:id', href: (id: string) => `/events/${encodeURIComponent(id)}` },
  /** The door of an event: its organizer and staff check guests in. */
  checkIn: {
    path: '/events/:id/check-in',
    href: (id: string) => `/events/${encodeURIComponent(id)}/check-in`,
  },
  /** Opened from a registration mail as `/registrations/manage#token=…`. */
  manageRegistration: { path: '/registrations/manage', href: () => '/registrations/manage' },
  members: { path: '/members', href: () => '/members' },
  /** The directory's businesses open now, on the chamber's clock (a link, so it works without scripts). */
  membersOpenNow: { path: '/members/open-now', href: () => '/members/open-now' },
  /** The directory's businesses of one category (a link, so it works without scripts). */
  membersCategory: {
    path: '/members/category/:slug',
    href: (slug: string) => `/members/category/${encodeURIComponent(slug)}`,
  },
  member: { path: '/members/:id', href: (id: string) => `/members/${encodeURIComponent(id)}` },
  /** A business's people: its own people and staff invite, change and remove them. */
  memberPeople: {
    path: '/members/:id/people',
    href: (id: string) => `/members/${encodeURIComponent(id)}/people`,
  },
  /** Opened from an invitation mail: joining a business as one of its people. */
  invitation: {
    path: '/invitations/:token',
    href: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  },
  jobPostings: { path: '/job-postings', href: () => '/job-postings' },
  /** Sponsorship packages on offer, each with what is left, and buying one. */
  sponsorships: { path: '/sponsorships', href: () => '/sponsorships' },
  /** Staff's sponsorship packages: sold and left, create and edit, sell to a business. */
  adminSponsorships: { path: '/admin/sponsorships', href: () => '/admin/sponsorships' },
  /** Staff's promo codes (moderators too; admins also have them as a dashboard tab). */
  promoCodes: { path: '/admin/promo-codes', href: () => '/admin/promo-codes' },
  /** Member deals: offers of members whose tier includes coupons. */
  deals: { path: '/deals', href: () => '/deals' },
  jobPosting: {
    path: '/job-postings/:id',
    href: (id: string) => `/job-postings/${encodeURIComponent(id)}`,
  },
  /** The signed-in member's job posts: drafts, submitting, editing, closing. */
  myJobPostings: { path: '/profile/job-postings', href: () => '/profile/job-postings' },
  /** The public archive of sent newsletters and announcements. */
  news: {
    path: '/news',
    href: (page?: number) => (page && page > 1 ? `/news?page=${page}` : '/news'),
  },
  newsItem: { path: '/news/:slug', href: (slug: string) => `/news/${encodeURIComponent(slug)}` },
  about: { path: '/about', href: () => '/about' },
  contact: { path: '/contact', href: () => '/contact' },
  /** The public 'Get our newsletter' sign-up. */
  newsletter: { path: '/newsletter', href: () => '/newsletter' },
  /** Opened from the sign-up's confirmation mail as `/newsletter/confirm?token=…`. */
  newsletterConfirm: { path: '/newsletter/confirm', href: () => '/newsletter/confirm' },
  /** A bulk mail's preference page, opened from its footer link without signing in. */
  mailPreferences: {
    path: '/unsubscribe/:token',
    href: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
  },
  privacy: { path: '/privacy', href: () => '/privacy' },
  terms: { path: '/terms', href: () => '/terms' },
} as const;

export type AppPathName = keyof typeof paths;

/** Each route's pattern, split into its segments once. */
const patterns = (Object.keys(paths) as AppPathName[]).map((name) => ({
  name,
  parts: paths[name].path.split('/').filter(Boolean),
}));

/**
 * Which app route a URL path is, with its `:params` (decoded), or null for none. A route's
 * parameters match one non-empty segment each. Every server-rendered page asks it, so the
 * patterns are split once, above.
 */
export function matchAppPath(
  pathname: string,
): { name: AppPathName; params: Record<string, string> } | null {
  const segments = pathname.split('/').filter(Boolean);
  for (const { name, parts } of patterns) {
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part === segment;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      } catch {
        return false;
      }
    });
    if (matches) return { name, params };
  }
  return null;
}
