import { endpoints } from '@chamber/contract/endpoints';
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
  const blankless = (value: string) => value || undefined;
  return api.call(endpoints.admin.audit, {
    query: {
      actor: blankless(filters.actor),
      entity: blankless(filters.entity),
      target: blankless(filters.target),
      from: blankless(filters.from),
      to: blankless(filters.to),
      q: blankless(filters.q),
      limit: PAGE_SIZE,
      offset: page * PAGE_SIZE,
    },
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
