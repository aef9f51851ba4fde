import type { Role } from '@chamber/contract';

interface Viewer {
  role: Role;
  contactId: string | null;
}

/**
 * Who may edit a member page: its own member (the viewer's contact is the member), moderators
 * and admins. The server enforces the same rule; the UI only mirrors it.
 */
export function canEditMember(viewer: Viewer | null | undefined, memberId: string): boolean {
  if (!viewer) return false;
  if (viewer.contactId !== null && viewer.contactId === memberId) return true;
  return viewer.role === 'admin' || viewer.role === 'moderator';
}
