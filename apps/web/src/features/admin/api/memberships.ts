import type {
  MembershipListName,
  DuesSettings,
  MembershipList,
  StaffChangePlanRequest,
} from '@chamber/contract';
import { MEMBERSHIPS_PAGE_SIZE } from '@chamber/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { endpoints } from '@chamber/contract/endpoints';
import { api } from '@/lib/api/client';
import { adminKeys } from './admin-keys';
import { invalidateAfterChange } from './invalidate';

export type { MembershipListName } from '@chamber/contract';

export interface MembershipFilters {
  list: MembershipListName;
  search: string;
  /** Zero-based. */
  page: number;
}

/** Under adminKeys.all: a 403 on any of them shows Access Denied, a change refetches them. */
export const membershipKeys = {
  all: [...adminKeys.all, 'memberships'] as const,
  list: (filters: MembershipFilters) => [...membershipKeys.all, 'list', filters] as const,
  detail: (id: string) => [...membershipKeys.all, 'detail', id] as const,
  invoices: (contactId: string) => [...membershipKeys.all, 'invoices', contactId] as const,
  report: (year: number) => [...membershipKeys.all, 'report', year] as const,
  settings: () => [...membershipKeys.all, 'settings'] as const,
};

/** GET /admin/memberships: one page of a list, ordered by paid-through date. */
export function useMembershipList(filters: MembershipFilters) {
  return useQuery({
    queryKey: membershipKeys.list(filters),
    queryFn: ({ signal }): Promise<MembershipList & { page: number }> => {
      return api
        .call(endpoints.memberships.listMemberships, {
          query: {
            list: filters.list,
            limit: MEMBERSHIPS_PAGE_SIZE,
            offset: filters.page * MEMBERSHIPS_PAGE_SIZE,
            search: filters.search || undefined,
          },
          signal,
          errorMessage: 'Failed to load memberships',
        })
        .then((list) => ({ ...list, page: filters.page }));
    },
    placeholderData: keepPreviousData,
  });
}

/** One membership's terms and history. */
export function useMembershipDetail(id: string) {
  return useQuery({
    queryKey: membershipKeys.detail(id),
    queryFn: ({ signal }) =>
      api.call(endpoints.memberships.membershipDetail, {
        params: { id },
        signal,
        errorMessage: 'Failed to load the membership',
      }),
  });
}

/** The member's invoices and credit notes, newest first, each with its payments and refunds. */
export function useContactInvoices(contactId: string) {
  return useQuery({
    queryKey: membershipKeys.invoices(contactId),
    queryFn: ({ signal }) =>
      api.call(endpoints.billing.listInvoices, {
        query: { contactId, limit: 100 },
        signal,
        errorMessage: 'Failed to load the invoices',
      }),
  });
}

export const duesReportQueryOptions = (year: number) =>
  queryOptions({
    queryKey: membershipKeys.report(year),
    queryFn: ({ signal }) =>
      api.call(endpoints.memberships.duesReport, {
        query: { year },
        signal,
        errorMessage: 'Failed to load the dues report',
      }),
  });

export const duesSettingsQueryOptions = () =>
  queryOptions({
    queryKey: membershipKeys.settings(),
    queryFn: ({ signal }) =>
      api.call(endpoints.memberships.duesSettings, {
        signal,
        errorMessage: 'Failed to load the dues settings',
      }),
  });

/** Whether Stripe is set up: refunds to the card are offered only then. */
export const paymentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-options'],
    queryFn: ({ signal }) => api.call(endpoints.billing.paymentOptions, { signal }),
    staleTime: 5 * 60_000,
  });

export interface RecordPayment {
  amountCents: number;
  method: 'check' | 'cash' | 'bank_transfer' | 'other';
  reference: string;
  receivedOn?: string;
}

export interface Refund {
  amountCents: number;
  reason: string;
  online: boolean;
  reference: string;
}

/** Every staff change to a membership or invoice; each refreshes the lists, detail and report. */
export const membershipActions = {
  approve: (id: string) =>
    api.call(endpoints.memberships.approveMembership, {
      params: { id },
      errorMessage: 'Failed to approve the member',
    }),
  changePlan: (id: string, body: StaffChangePlanRequest) =>
    api.call(endpoints.memberships.staffChangePlan, {
      params: { id },
      body,
      errorMessage: 'Failed to change the plan',
    }),
  cancel: (id: string, body: { reason?: string }) =>
    api.call(endpoints.memberships.cancelMembership, {
      params: { id },
      body,
      errorMessage: 'Failed to cancel the membership',
    }),
  recordPayment: (invoiceId: string, body: RecordPayment) =>
    api.call(endpoints.billing.recordPayment, {
      params: { id: invoiceId },
      body,
      errorMessage: 'Failed to record the payment',
    }),
  voidInvoice: (invoiceId: string, body: { reason: string }) =>
    api.call(endpoints.billing.voidInvoice, {
      params: { id: invoiceId },
      body,
      errorMessage: 'Failed to void the invoice',
    }),
  reissue: (invoiceId: string, body: { reason: string; dueOn?: string }) =>
    api.call(endpoints.billing.reissueInvoice, {
      params: { id: invoiceId },
      body,
      errorMessage: 'Failed to reissue the invoice',
    }),
  issue: (body: {
    contactId: string;
    lines: { description: string; quantity: number; unitCents: number }[];
    dueOn?: string;
  }) =>
    api.call(endpoints.billing.issueInvoice, { body, errorMessage: 'Failed to issue the invoice' }),
  refund: (paymentId: string, body: Refund) =>
    api.call(endpoints.billing.refundPayment, {
      params: { id: paymentId },
      body,
      errorMessage: 'Failed to refund the payment',
    }),
  saveSettings: (body: DuesSettings) =>
    api.call(endpoints.memberships.updateDuesSettings, {
      body,
      errorMessage: 'Failed to save the dues settings',
    }),
};

/** A staff action that refreshes everything admin- and member-shaped once it has succeeded. */
export function useMembershipAction<TArgs, TResult>(run: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}
