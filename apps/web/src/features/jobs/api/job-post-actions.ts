import type { JobPost, JobPostInput } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { jobKeys } from '@/lib/api/job-post-keys';

// Apart from the queries: the home page reads the board and needs none of this.

const post = (id: string, action: string, body?: unknown) =>
  api.post<JobPost>(`/job-posts/${encodeURIComponent(id)}/${action}`, body, {
    errorMessage: 'Failed to save the job posting',
  });

/** The poster's (and staff's) changes to posts; every jobs query refetches after each. */
export function useJobPostActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: jobKeys.all });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: JobPostInput }) =>
      id === null
        ? api.post<JobPost>('/job-posts', input, { errorMessage: 'Failed to save the job posting' })
        : api.put<JobPost>(`/job-posts/${encodeURIComponent(id)}`, input, {
            errorMessage: 'Failed to save the job posting',
          }),
    onSuccess,
  });
  const submit = useMutation({ mutationFn: (id: string) => post(id, 'submit'), onSuccess });
  const close = useMutation({ mutationFn: (id: string) => post(id, 'close'), onSuccess });
  const reopen = useMutation({ mutationFn: (id: string) => post(id, 'reopen'), onSuccess });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(`/job-posts/${encodeURIComponent(id)}`, {
        errorMessage: 'Failed to delete the job posting',
      }),
    onSuccess,
  });
  return { save, submit, close, reopen, remove };
}
