import type { JobPostQueueList } from '@chamber/contract';

/**
 * Query keys of the job board. A post's page depends on who asks (its poster and staff see it
 * in any status), so the viewer's id is part of its key. Every change, the poster's or staff's,
 * invalidates `jobKeys.all`: the board, the home page, the poster's list and the queue refetch.
 */
export const jobKeys = {
  all: ['job-posts'] as const,
  board: (filters: object) => [...jobKeys.all, 'board', filters] as const,
  post: (id: string, viewer: string | null) =>
    [...jobKeys.all, 'post', id, viewer ?? 'visitor'] as const,
  mine: (viewer: string) => [...jobKeys.all, 'mine', viewer] as const,
  queue: (status: JobPostQueueList) => [...jobKeys.all, 'queue', status] as const,
};
