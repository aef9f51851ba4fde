import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { JobSummary } from '@/components/jobs/job-summary';
import { Button } from '@/components/ui/button';
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
    <section aria-labelledby="newest-jobs-title" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2
          id="newest-jobs-title"
          className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Job Postings
        </h2>
        <Button asChild variant="outline">
          <Link to={paths.jobPostings.href()}>
            See all jobs
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <ul
        className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Newest job postings"
      >
        {jobs.map((job) => (
          <li key={job.id} className="min-w-0">
            <JobSummary job={job} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
