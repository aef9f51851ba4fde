import { endpoints } from '@chamber/contract/endpoints';
import type {
  CreateProspectBusiness,
  SponsorshipPackageInput,
  SponsorshipPurchase,
} from '@chamber/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export const sponsorshipKeys = {
  all: ['sponsorships'] as const,
  public: ['sponsorships', 'packages'] as const,
  staff: ['sponsorships', 'admin'] as const,
};

/** GET /sponsorships/packages: the packages on offer, each with what is left. */
export const sponsorshipPackagesQueryOptions = () =>
  queryOptions({
    queryKey: sponsorshipKeys.public,
    queryFn: ({ signal }) =>
      api
        .call(endpoints.sponsorships.packages, {
          signal,
          errorMessage: 'Failed to load the sponsorship packages',
        })
        .then((answer) => answer.packages),
  });

/** GET /admin/sponsorship-packages: every package with sold and left (staff). */
export const staffSponsorshipPackagesQueryOptions = () =>
  queryOptions({
    queryKey: sponsorshipKeys.staff,
    queryFn: ({ signal }) =>
      api
        .call(endpoints.sponsorships.adminList, {
          signal,
          errorMessage: 'Failed to load the sponsorship packages',
        })
        .then((answer) => answer.packages),
  });

export const useStaffSponsorshipPackages = () => useQuery(staffSponsorshipPackagesQueryOptions());

/** Create or change a package; every list refetches after. */
export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SponsorshipPackageInput }) =>
      id
        ? api.call(endpoints.sponsorships.update, {
            params: { id },
            body,
            errorMessage: 'Failed to save the package',
          })
        : api.call(endpoints.sponsorships.create, {
            body,
            errorMessage: 'Failed to save the package',
          }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sponsorshipKeys.all }),
  });
}

/** A business buys a package (`staff`: staff sell it to one). */
export function useBuyPackage(staff = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SponsorshipPurchase }) =>
      staff
        ? api.call(endpoints.sponsorships.sell, {
            params: { id },
            body,
            errorMessage: 'Failed to sell the package',
          })
        : api.call(endpoints.sponsorships.purchase, {
            params: { id },
            body,
            errorMessage: 'Failed to buy the package',
          }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sponsorshipKeys.all }),
  });
}

/**
 * GET /sponsors/placements?slot: the sponsors live on a slot now. Asked again on every visit
 * of the page (the answer counts the impressions), also after a server-rendered page.
 */
/**
 * The sponsor slot of an event page: `event:{id}`; a date of a series (`{masterId}_{start}`)
 * shows its series' sponsors; 'none' for an id that names no event.
 */
export function eventSponsorSlot(id: string): string {
  const master = id.split('_')[0]!.toLowerCase();
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(master)
    ? `event:${master}`
    : 'none';
}

export const sponsorPlacementsQueryOptions = (slot: string) =>
  queryOptions({
    queryKey: ['sponsors', 'placements', slot] as const,
    queryFn: ({ signal }) =>
      api
        .call(endpoints.sponsorships.placements, {
          query: { slot },
          signal,
          errorMessage: 'Failed to load the sponsors',
        })
        .then((answer) => answer.sponsors),
    // An event page whose address names no event has no slot to ask for.
    enabled: slot !== 'none',
  });

/**
 * GET /admin/members?search: any business on file for staff, members and prospects alike (the
 * directory shows only listed members). Asked from two characters on.
 */
export function useStaffBusinessSearch(term: string) {
  return useQuery({
    queryKey: ['sponsorships', 'businesses', term],
    enabled: term.length >= 2,
    queryFn: ({ signal }) =>
      api
        .call(endpoints.members.staffBusinesses, {
          query: { search: term, limit: 10 },
          signal,
          errorMessage: 'Failed to search the businesses',
        })
        .then((answer) => answer.businesses),
  });
}

/** POST /admin/members: staff put a new business on file as a prospect. */
export function useCreateProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProspectBusiness) =>
      api.call(endpoints.members.createProspect, {
        body,
        errorMessage: 'Failed to add the business',
      }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: ['sponsorships', 'businesses'] }),
  });
}
