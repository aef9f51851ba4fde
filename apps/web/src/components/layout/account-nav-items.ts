import { paths } from '@/config/paths';
import type { NavItem } from './nav-items';

/**
 * The signed-in user's own pages: the account menu's entries on wide screens and the side
 * menu's on a phone, from this one list so the two never differ.
 */
export function accountNavItems(role: string | null): NavItem[] {
  return [
    { label: 'My account', href: paths.account.href() },
    { label: 'Profile', href: paths.profile.href() },
    { label: 'My membership', href: paths.membership.href() },
    ...(role === 'admin' ? [{ label: 'Admin Dashboard', href: paths.admin.href() }] : []),
    // The campaign routes are staff's (moderators too), so is the entry.
    ...(role === 'admin' || role === 'moderator'
      ? [
          { label: 'Communications', href: paths.communications.href() },
          { label: 'Sponsorships', href: paths.adminSponsorships.href() },
          { label: 'Promo codes', href: paths.promoCodes.href() },
        ]
      : []),
    ...(role === 'admin' || role === 'moderator'
      ? [{ label: 'Sponsorship drives', href: paths.sponsorshipDrives.href() }]
      : []),
  ];
}
