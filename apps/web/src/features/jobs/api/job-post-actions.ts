import { endpoints } from '@chamber/contract/endpoints';
import type { JobPostInput } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { jobKeys } from '@/lib/api/job-post-keys';

// Apart from the queries: the home page reads the board and needs none of this.

const e = endpoints.jobs;
const errorMessage = 'Failed to save the job posting';
const step = (endpoint: typeof e.submit | typeof e.close | typeof e.reopen) => (id: string) =>
  api.call(endpoint, { params: { id }, errorMessage });

/** The poster's (and staff's) changes to posts; every jobs query refetches after each. */
export function useJobPostActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: jobKeys.all });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: JobPostInput }) =>
      id === null
        ? api.call(e.create, { body: input, errorMessage })
        : api.call(e.update, { params: { id }, body: input, errorMessage }),
    onSuccess,
  });
  const submit = useMutation({ mutationFn: step(e.submit), onSuccess });
  const close = useMutation({ mutationFn: step(e.close), onSuccess });
  const reopen = useMutation({ mutationFn: step(e.reopen), onSuccess });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.call(e.remove, {
        params: { id },
        errorMessage: 'Failed to delete the job posting',
      }),
    onSuccess,
  });
  return { save, submit, close, reopen, remove };
}
