import { useQuery } from '@tanstack/react-query';
import { JobSummary } from '@/components/jobs/job-summary';
import { NewestSection } from '@/components/layout/newest-section';
import { paths } from '@/config/paths';
import { jobBoardQueryOptions } from '../api/job-posts';
import { boardFilters } from '../lib/board-filters';

/** How many of the newest posts the home page shows. */
const HOME_JOBS = 3;

/**
 * The home page's three newest job postings; nothing at all when there are none. It reads the
 * board's first page (the same query, so opening the board after needs no second request).
 */
export function NewestJobs() {
  const board = useQuery(jobBoardQueryOptions(boardFilters(new URLSearchParams())));
  const jobs = board.data?.jobPosts.slice(0, HOME_JOBS);
  if (!jobs?.length) return null;
  return (
    <NewestSection
      id="newest-jobs"
      title="Job Postings"
      moreHref={paths.jobPostings.href()}
      moreLabel="See all jobs"
      listLabel="Newest job postings"
      items={jobs}
      renderItem={(job) => <JobSummary job={job} headingLevel={3} />}
    />
  );
}
