import {
  dateTimeFormat,
  hasOpeningHours,
  homeDescription,
  matchAppPath,
  paths,
  type Appointment,
  type AppPathName,
  type JobPost,
  type MemberDetail,
  type NewsItem,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type {
  Event as EventLd,
  LocalBusiness,
  NewsArticle,
  Organization,
  WithContext,
} from 'schema-dts';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { CalendarService } from '../calendars/index.js';
import { firstChamber } from '../chamber/index.js';
import { JobBoard, jobPostingLd } from '../jobs/index.js';
import { CategoriesService, MembersService } from '../members/index.js';
import { excerptOf, NewsArchive } from '../communications/index.js';
import type { PageHead } from './head.js';
import { openingHoursSpecification } from './opening-hours-ld.js';

/** The pages' own titles and descriptions; any other app route gets the chamber's. */
const PAGE_TEXT: Partial<Record<AppPathName, { title: string; description: string }>> = {
  calendar: { title: 'Calendar', description: 'Upcoming events of the chamber.' },
  members: { title: 'Member directory', description: 'Find the businesses of the chamber.' },
  membersOpenNow: {
    title: 'Open now | Member directory',
    description: 'The businesses of the chamber that are open right now.',
  },
  join: { title: 'Join', description: 'Become a member of the chamber.' },
  nominations: { title: 'Nominations', description: 'Nominate a business for recognition.' },
  basicMembership: { title: 'Basic membership', description: 'What a basic membership includes.' },
  enhancedMembership: {
    title: 'Enhanced membership',
    description: 'What an enhanced membership includes.',
  },
  eliteMembership: { title: 'Elite membership', description: 'What an elite membership includes.' },
  jobPostings: { title: 'Job postings', description: 'Jobs offered by member businesses.' },
  deals: { title: 'Member deals', description: 'Offers and coupon codes from member businesses.' },
  sponsorships: {
    title: 'Sponsorships',
    description: 'Sponsorship packages on offer from the chamber, with how many are left.',
  },
  about: { title: 'About', description: 'About the chamber.' },
  contact: { title: 'Contact', description: 'How to reach the chamber.' },
  privacy: { title: 'Privacy', description: 'How the portal handles personal data.' },
  terms: { title: 'Terms', description: 'The terms of using the portal.' },
  newsletter: { title: 'Get our newsletter', description: "The chamber's newsletter by email." },
  newsletterConfirm: {
    title: 'Newsletter sign-up',
    description: "Confirm your subscription to the chamber's newsletter.",
  },
  mailPreferences: {
    title: 'Your mail preferences',
    description: "Choose which of the chamber's mail reaches you, or unsubscribe.",
  },
};

/** A mail recipient's pages: reachable without signing in, never indexed. */
const NOT_INDEXED = new Set<AppPathName>(['newsletter', 'newsletterConfirm', 'mailPreferences']);

const DEFAULT_DESCRIPTION = 'Events, member directory and membership for our chamber of commerce.';
const MAX_DESCRIPTION = 200;

const shorten = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_DESCRIPTION ? flat : `${flat.slice(0, MAX_DESCRIPTION - 1)}…`;
};

/** `2026-03-05T18:00:00-07:00`: the wall time in the event's zone with its offset. */
export function isoWithOffset(instant: string, timeZone: string): string {
  const date = new Date(instant);
  const parts = Object.fromEntries(
    dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.code === 'not_found';

/**
 * The head of each app route as an anonymous visitor sees the page, from the same services
 * the API answers with: a member page shows only what the member's tier shows, and a member
 * or event the visitor could not open is a 404. A future server renderer reuses these heads.
 */
export class PageHeads {
  private readonly members: MembersService;
  private readonly categories: CategoriesService;
  private readonly calendar: CalendarService;
  private readonly jobs: JobBoard;
  private readonly news: NewsArchive;

  constructor(
    private readonly db: Database,
    clock: Clock,
    private readonly config: Config,
  ) {
    this.members = new MembersService(db, clock, config.publicUrl);
    this.categories = new CategoriesService(db, clock);
    this.calendar = new CalendarService(db, clock);
    this.jobs = new JobBoard(db, clock);
    this.news = new NewsArchive(db, config.publicUrl, config.chamberName);
  }

  /** The head for `pathname`, or null when it is no app route. */
  async of(pathname: string): Promise<PageHead | null> {
    const route = matchAppPath(pathname);
    if (!route) return null;
    const chamber = await this.chamber();
    const canonical = this.absolute(pathname);
    const base: PageHead = {
      status: 200,
      title: chamber.name,
      description: DEFAULT_DESCRIPTION,
      canonical,
      image: chamber.logo,
      imageAlt: chamber.logoAlt,
      ogType: 'website',
      jsonLd: [],
    };
    const text = PAGE_TEXT[route.name];
    if (text && NOT_INDEXED.has(route.name))
      return {
        ...base,
        title: `${text.title} | ${chamber.name}`,
        description: text.description,
        canonical: null,
        noindex: true,
      };
    if (text)
      return { ...base, title: `${text.title} | ${chamber.name}`, description: text.description };
    if (route.name === 'home') {
      // The page's own text from the first byte: a crawler, or a reader before the scripts
      // run, never sees the site-wide one.
      const description = homeDescription(chamber.name);
      return { ...base, description, jsonLd: [this.organization(chamber)] };
    }
    if (route.name === 'member') return this.member(route.params.id!, base, chamber);
    if (route.name === 'membersCategory') return this.category(route.params.slug!, base, chamber);
    if (route.name === 'event') return this.event(route.params.id!, base, chamber);
    if (route.name === 'jobPosting') return this.jobPost(route.params.id!, base, chamber);
    if (route.name === 'news') {
      return {
        ...base,
        title: `News | ${chamber.name}`,
        description: `Newsletters and announcements of ${chamber.name}.`,
        // Every page of the archive is the archive: one canonical address.
        canonical: this.absolute(paths.news.href()),
        feed: this.feed(chamber),
      };
    }
    if (route.name === 'newsItem') return this.newsItem(route.params.slug!, base, chamber);
    return base;
  }

  private async member(id: string, base: PageHead, chamber: ChamberFacts): Promise<PageHead> {
    let member: MemberDetail;
    try {
      member = await this.members.get(id, null);
    } catch (error) {
      if (isNotFound(error)) return this.missing(base, chamber, 'Member not found');
      throw error;
    }
    const name = member.businessName || member.companyName || member.name;
    // The cover image is an elite feature: the member's answer already blanks it below elite.
    const picture = member.coverImage || member.avatar;
    const image = picture ? this.absolute(picture) : chamber.logo;
    const imageAlt = member.coverImage
      ? `Cover image of ${name}`
      : member.avatar
        ? `Picture of ${name}`
        : chamber.logoAlt;
    // The answer carries the address only where the tier shows it (enhanced and elite).
    const shown = [member.address1, member.city, member.state, member.postalCode].some(Boolean);
    const about = {
      name,
      url: base.canonical ?? undefined,
      ...(picture ? { image } : {}),
      ...(member.avatar ? { logo: this.absolute(member.avatar) } : {}),
      ...(member.phone ? { telephone: member.phone } : {}),
      ...(member.website ? { sameAs: member.website } : {}),
      ...(member.tagline || member.bio
        ? { description: shorten(member.tagline || member.bio!) }
        : {}),
    };
    // Google requires a LocalBusiness's address: a listing that shows none is an Organization
    // (which schema.org gives no opening hours).
    const business: WithContext<LocalBusiness | Organization> = shown
      ? {
          '@context': 'https://schema.org',
          '@type': 'LocalBusiness',
          ...about,
          ...(hasOpeningHours(member.openingHours)
            ? { openingHoursSpecification: openingHoursSpecification(member.openingHours) }
            : {}),
          address: {
            '@type': 'PostalAddress',
            ...(member.address1 ? { streetAddress: member.address1 } : {}),
            ...(member.city ? { addressLocality: member.city } : {}),
            ...(member.state ? { addressRegion: member.state } : {}),
            ...(member.postalCode ? { postalCode: member.postalCode } : {}),
          },
        }
      : { '@context': 'https://schema.org', '@type': 'Organization', ...about };
    return {
      ...base,
      title: `${name} | ${chamber.name}`,
      description: shorten(member.tagline || member.bio || `${name}, a member of ${chamber.name}.`),
      image,
      imageAlt,
      ogType: 'profile',
      jsonLd: [business],
    };
  }

  private async event(id: string, base: PageHead, chamber: ChamberFacts): Promise<PageHead> {
    let event: Appointment;
    try {
      event = await this.calendar.appointment(id, null);
    } catch (error) {
      if (isNotFound(error)) return this.missing(base, chamber, 'Event not found');
      throw error;
    }
    const image = event.coverImageUrl ? this.absolute(event.coverImageUrl) : chamber.logo;
    const imageAlt = event.coverImageUrl ? `Cover image of ${event.title}` : chamber.logoAlt;
    const where = event.location || chamber.address;
    const data: WithContext<EventLd> = {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: event.title,
      startDate: isoWithOffset(event.startTime, event.timezone),
      endDate: isoWithOffset(event.endTime, event.timezone),
      eventStatus:
        event.status === 'cancelled'
          ? 'https://schema.org/EventCancelled'
          : 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: where || chamber.name, address: where || chamber.name },
      // A member's own event names its business (its member page while listed).
      organizer: event.organizer
        ? {
            '@type': 'Organization',
            name: event.organizer.name,
            ...(event.organizer.memberId
              ? { url: this.absolute(paths.member.href(event.organizer.memberId)) }
              : {}),
          }
        : { '@type': 'Organization', name: chamber.name, url: chamber.url },
      url: base.canonical ?? undefined,
      ...(image ? { image } : {}),
      ...(event.description ? { description: shorten(event.description) } : {}),
    };
    return {
      ...base,
      title: `${event.title} | ${chamber.name}`,
      description: shorten(event.description || `${event.title}, an event of ${chamber.name}.`),
      image,
      imageAlt,
      ogType: 'article',
      jsonLd: [data],
    };
  }

  private async jobPost(id: string, base: PageHead, chamber: ChamberFacts): Promise<PageHead> {
    let post: JobPost;
    try {
      post = await this.jobs.get(id, null);
    } catch (error) {
      if (isNotFound(error)) return this.missing(base, chamber, 'Job posting not found');
      if (error instanceof AppError && error.code === 'gone') {
        return {
          ...this.missing(base, chamber, 'Job posting closed'),
          status: 410,
          description: 'This job posting has closed and is no longer on the job board.',
        };
      }
      throw error;
    }
    const logo = post.business.avatar ? this.absolute(post.business.avatar) : null;
    return {
      ...base,
      title: `${post.title} at ${post.business.name} | ${chamber.name}`,
      description: shorten(post.description),
      image: logo ?? chamber.logo,
      imageAlt: logo ? `Picture of ${post.business.name}` : chamber.logoAlt,
      ogType: 'article',
      jsonLd: [
        jobPostingLd(post, {
          url: base.canonical!,
          timeZone: chamber.timeZone,
          chamber: chamber.place,
          logo,
        }),
      ],
    };
  }

  private async newsItem(slug: string, base: PageHead, chamber: ChamberFacts): Promise<PageHead> {
    let item: NewsItem;
    try {
      item = await this.news.get(slug);
    } catch (error) {
      if (isNotFound(error)) return this.missing(base, chamber, 'Message not found');
      throw error;
    }
    const data: WithContext<NewsArticle> = {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: item.subject.slice(0, 110),
      datePublished: item.sentAt,
      url: base.canonical ?? undefined,
      publisher: { '@type': 'Organization', name: chamber.name, url: chamber.url },
    };
    return {
      ...base,
      title: `${item.subject} | ${chamber.name}`,
      description: shorten(excerptOf(item.html) || `${item.subject}, news of ${chamber.name}.`),
      ogType: 'article',
      jsonLd: [data],
      feed: this.feed(chamber),
    };
  }

  private feed(chamber: ChamberFacts) {
    return { href: this.absolute('/api/news/feed.atom'), title: `${chamber.name} news` };
  }

  /** A category's page: its name and description; 404 for no such category. */
  private async category(slug: string, base: PageHead, chamber: ChamberFacts): Promise<PageHead> {
    const found = await this.categories.find(slug);
    if (!found) return this.missing(base, chamber, 'Category not found');
    const { category, parent } = found;
    return {
      ...base,
      title: `${category.name}${parent ? ` | ${parent.name}` : ''} | Member directory | ${chamber.name}`,
      description:
        category.description || `The businesses of the chamber in the category ${category.name}.`,
    };
  }

  private missing(base: PageHead, chamber: ChamberFacts, what: string): PageHead {
    return { ...base, status: 404, title: `${what} | ${chamber.name}`, canonical: null };
  }

  private organization(chamber: ChamberFacts): WithContext<Organization> {
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: chamber.name,
      url: chamber.url,
      ...(chamber.logo ? { logo: chamber.logo } : {}),
      ...(chamber.email ? { email: chamber.email } : {}),
      ...(chamber.phone ? { telephone: chamber.phone } : {}),
    };
  }

  private async chamber(): Promise<ChamberFacts> {
    const row = await firstChamber(this.db);
    const city = [row?.city, [row?.state, row?.postalCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    const name = row?.name || this.config.chamberName;
    return {
      name,
      url: `${this.config.publicUrl}/`,
      // Without an uploaded logo, the portal's own icon stands for the chamber.
      logo: this.absolute(row?.logoUrl || '/icons/icon-512.png'),
      logoAlt: `${name} logo`,
      email: row?.email ?? '',
      phone: row?.phone ?? '',
      address: [row?.address1, city].filter(Boolean).join(', '),
      timeZone: row?.timezone ?? 'America/Denver',
      place: { city: row?.city ?? '', state: row?.state ?? '', postalCode: row?.postalCode ?? '' },
    };
  }

  private absolute(url: string): string {
    return new URL(url, `${this.config.publicUrl}/`).href;
  }
}

interface ChamberFacts {
  name: string;
  url: string;
  logo: string;
  logoAlt: string;
  email: string;
  phone: string;
  address: string;
  timeZone: string;
  place: { city: string; state: string; postalCode: string };
}
