import { endpoints } from '@chamber/contract/endpoints';
import type { JobPostStatus } from '@chamber/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { jobKeys } from '@/lib/api/job-post-keys';

/** GET /admin/job-posts: staff's queue in one status, with the count in each. */
export const jobQueueQueryOptions = (status: JobPostStatus) =>
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
  return { approve, reject };
}
