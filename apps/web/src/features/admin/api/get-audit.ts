import type { AuditList } from '@chamber/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { PAGE_SIZE } from '../lib/pagination';
import { adminKeys, type AuditFilters } from './admin-keys';

/** The filters as a query string, blank ones left out: the list's, and the CSV's. */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value) params.set(name, value);
  }
  return params;
}

/** GET /admin/audit: one page of the entries the filters match, newest first. */
export function getAudit(filters: AuditFilters, page: number, signal?: AbortSignal) {
  const params = auditFilterParams(filters);
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String(page * PAGE_SIZE));
  return api.get<AuditList>(`/admin/audit?${params}`, {
    signal,
    errorMessage: 'Failed to fetch the audit log',
  });
}

export const auditQueryOptions = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(filters, page),
    queryFn: ({ signal }) => getAudit(filters, page, signal),
  });

export function useAudit(filters: AuditFilters, page: number) {
  return useQuery({ ...auditQueryOptions(filters, page), placeholderData: keepPreviousData });
}
