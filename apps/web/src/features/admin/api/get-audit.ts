import type { AuditList } from '@chamber/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { PAGE_SIZE } from '../lib/pagination';
import { adminKeys } from './admin-keys';

/** GET /admin/audit: one page of the audit log, newest first. */
export function getAudit(page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({
    limit: String(PAGE_SIZE),
    offset: String(page * PAGE_SIZE),
  });
  return api.get<AuditList>(`/admin/audit?${params}`, {
    signal,
    errorMessage: 'Failed to fetch the audit log',
  });
}

export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => getAudit(page, signal),
  });

export function useAudit(page: number) {
  return useQuery({ ...auditQueryOptions(page), placeholderData: keepPreviousData });
}
