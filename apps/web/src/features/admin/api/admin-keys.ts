import type { Role, SubmissionKind, UserStatus } from '@chamber/contract';

export interface UserListFilters {
  search: string;
  role: Role | 'all';
  status: UserStatus | 'all';
  /** Zero-based. */
  page: number;
}

/** The audit log's filters, each blank when unused (GET /admin/audit). */
export interface AuditFilters {
  actor: string;
  entity: string;
  /** One record's id. */
  target: string;
  from: string;
  to: string;
  q: string;
}

/** Query keys of the admin dashboard; every change invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (filters: UserListFilters) => [...adminKeys.users(), filters] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  insight: (name: string, months?: number) => [...adminKeys.all, 'insights', name, months] as const,
  audit: (filters: AuditFilters, page: number) =>
    [...adminKeys.all, 'audit', filters, page] as const,
  mail: () => [...adminKeys.all, 'mail'] as const,
  failedMail: (page: number) => [...adminKeys.mail(), 'failed', page] as const,
  settings: (locationId: string) => [...adminKeys.all, 'settings', locationId] as const,
  submissions: (kind: SubmissionKind | 'all', page: number) =>
    [...adminKeys.all, 'submissions', kind, page] as const,
};
