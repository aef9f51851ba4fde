import { endpoints } from '@chamber/contract/endpoints';
import type { JobBoardSettingsInput, JobPostQueueList } from '@chamber/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { jobKeys } from '@/lib/api/job-post-keys';

/**
 * GET /admin/job-posts: staff's queue in one status (or `changes`: live posts whose poster's
 * change waits), with the count in each.
 */
export const jobQueueQueryOptions = (status: JobPostQueueList) =>
  queryOptions({
    queryKey: jobKeys.queue(status),
    queryFn: ({ signal }) =>
      api.call(endpoints.jobs.queue, {
        query: { status },
        signal,
        errorMessage: 'Failed to load the job postings queue',
      }),
  });

/** Staff's decisions on a waiting post; the queue, its counts and the board refetch after. */
export function useJobPostDecisions() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: jobKeys.all });
  const approve = useMutation({
    mutationFn: (id: string) =>
      api.call(endpoints.jobs.approve, {
        params: { id },
        errorMessage: 'Failed to approve the job posting',
      }),
    onSuccess,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.call(endpoints.jobs.reject, {
        params: { id },
        body: { reason },
        errorMessage: 'Failed to send the job posting back',
      }),
    onSuccess,
  });
  const approveChange = useMutation({
    mutationFn: (id: string) =>
      api.call(endpoints.jobs.approveChange, {
        params: { id },
        errorMessage: 'Failed to approve the changes',
      }),
    onSuccess,
  });
  const rejectChange = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.call(endpoints.jobs.rejectChange, {
        params: { id },
        body: { reason },
        errorMessage: 'Failed to turn the changes down',
      }),
    onSuccess,
  });
  return { approve, reject, approveChange, rejectChange };
}

const settingsKey = [...jobKeys.all, 'settings'] as const;

/** GET /admin/job-settings: the job board's settings (admins). */
export const useJobBoardSettings = () =>
  useQuery(
    queryOptions({
      queryKey: settingsKey,
      queryFn: ({ signal }) =>
        api.call(endpoints.jobs.settings, {
          signal,
          errorMessage: 'Failed to fetch the job board settings',
        }),
    }),
  );

/** PUT /admin/job-settings: the settings given change, the others stay. */
export function useUpdateJobBoardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JobBoardSettingsInput) =>
      api.call(endpoints.jobs.putSettings, {
        body,
        errorMessage: 'Failed to save the job board settings',
      }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
