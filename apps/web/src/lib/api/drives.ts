import { endpoints } from '@chamber/contract/endpoints';
import type { CreateProspect, DriveInput, UpdateProspect } from '@chamber/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

const e = endpoints.drives;

export const driveKeys = {
  all: ['drives'] as const,
  list: () => [...driveKeys.all, 'list'] as const,
  detail: (id: string) => [...driveKeys.all, 'detail', id] as const,
  candidates: (id: string) => [...driveKeys.all, 'candidates', id] as const,
  mine: () => [...driveKeys.all, 'mine'] as const,
};

/** GET /admin/campaigns/sponsorship: staff's drives with their totals. */
export const drivesQueryOptions = () =>
  queryOptions({
    queryKey: driveKeys.list(),
    queryFn: ({ signal }) =>
      api.call(e.list, { signal, errorMessage: 'Failed to load the sponsorship drives' }),
  });

/** GET /admin/campaigns/sponsorship/{id}: the leaderboard and every prospect. */
export const driveQueryOptions = (driveId: string) =>
  queryOptions({
    queryKey: driveKeys.detail(driveId),
    queryFn: ({ signal }) =>
      api.call(e.get, {
        params: { driveId },
        signal,
        errorMessage: 'Failed to load the drive',
      }),
  });

export const candidatesQueryOptions = (driveId: string) =>
  queryOptions({
    queryKey: driveKeys.candidates(driveId),
    queryFn: ({ signal }) =>
      api.call(e.candidates, {
        params: { driveId },
        signal,
        errorMessage: 'Failed to load who may volunteer',
      }),
  });

/** GET /sponsorship-drives/mine: the signed-in volunteer's own prospects. */
export const myDrivesQueryOptions = () =>
  queryOptions({
    queryKey: driveKeys.mine(),
    queryFn: ({ signal }) =>
      api.call(e.mine, { signal, errorMessage: 'Failed to load your sponsorship drive' }),
    retry: false,
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: driveKeys.all });
}

export function useCreateDrive() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (body: DriveInput) =>
      api.call(e.create, { body, errorMessage: 'Failed to create the drive' }),
    onSettled,
  });
}

export function useAddVolunteer(driveId: string) {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (body: { personId?: string; userId?: string }) =>
      api.call(e.addVolunteer, {
        params: { driveId },
        body,
        errorMessage: 'Failed to add the volunteer',
      }),
    onSettled,
  });
}

export function useAddProspect(driveId: string) {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateProspect) =>
      api.call(e.addProspect, {
        params: { driveId },
        body,
        errorMessage: 'Failed to add the prospect',
      }),
    onSettled,
  });
}

/** A change of a prospect: staff's route with `driveId`, a volunteer's own without. */
export function useUpdateProspect(driveId: string | null) {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: ({ prospectId, body }: { prospectId: string; body: UpdateProspect }) =>
      driveId
        ? api.call(e.updateProspect, {
            params: { driveId, prospectId },
            body,
            errorMessage: 'Failed to change the prospect',
          })
        : api.call(e.updateMine, {
            params: { prospectId },
            body,
            errorMessage: 'Failed to change the prospect',
          }),
    onSettled,
  });
}

export function useSendInvoice(driveId: string) {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (prospectId: string) =>
      api.call(e.invoice, {
        params: { driveId, prospectId },
        errorMessage: 'Failed to send the invoice',
      }),
    onSettled,
  });
}
