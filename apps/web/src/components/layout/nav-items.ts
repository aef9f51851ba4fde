import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  href: string;
}

/** Header links (docs/product.md#screens Header and footer). */
export const mainNavItems: NavItem[] = [
  { label: 'Dashboard', href: paths.dashboard.href() },
  { label: 'Calendar', href: paths.calendar.href() },
  { label: 'Members', href: paths.members.href() },
  { label: 'Contact', href: paths.contact.href() },
  { label: 'About', href: paths.about.href() },
];

/** The wide-screen strip under the header: membership and community pages. */
export const secondaryNavItems: NavItem[] = [
  { label: 'Join the Chamber', href: paths.join.href() },
  { label: 'Basic Membership', href: paths.basicMembership.href() },
  { label: 'Enhanced Membership', href: paths.enhancedMembership.href() },
  { label: 'Elite Membership', href: paths.eliteMembership.href() },
  { label: 'Job Postings', href: paths.jobPostings.href() },
  { label: 'Member Deals', href: paths.deals.href() },
];
