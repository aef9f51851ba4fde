import {
  employmentTypeLabels,
  employmentTypes,
  JOB_POSTS_PAGE_SIZE,
  jobWorkplaceLabels,
  jobWorkplaces,
} from '@chamber/contract';
import { BriefcaseBusinessIcon, ChevronLeftIcon, ChevronRightIcon, SearchIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { JobSummary } from '@/components/jobs/job-summary';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { SearchField } from '@/components/forms/search-field';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';
import { useJobBoard } from '../api/job-posts';
import { type BoardFilters, boardFilters, boardSearch, hasFilters } from '../lib/board-filters';

const ALL = 'all';
const typeOptions = [
  { value: ALL, label: 'All types' },
  ...employmentTypes.map((value) => ({ value, label: employmentTypeLabels[value] })),
];
const placeOptions = [
  { value: ALL, label: 'Anywhere' },
  ...jobWorkplaces.map((value) => ({ value, label: jobWorkplaceLabels[value] })),
];

/**
 * /job-postings: the open posts, newest first, 20 a page. The search, the filters and the page
 * live in the URL, so a search can be shared and the back button steps through them.
 */
export function JobBoard() {
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = boardFilters(params);
  const board = useJobBoard(filters);
  const data = board.data;
  // The box shows what is typed; the URL (and the list) change when the search is sent.
  const [typed, setTyped] = useState({ for: filters.q, text: filters.q });
  const text = typed.for === filters.q ? typed.text : filters.q;

  const go = (next: Partial<BoardFilters>) =>
    setParams(boardSearch({ ...filters, page: 1, ...next }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text.trim() });
  };

  const businessOptions = [
    { value: ALL, label: 'All businesses' },
    ...(data?.businesses ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];
  if (filters.business && !businessOptions.some((o) => o.value === filters.business)) {
    businessOptions.push({ value: filters.business, label: 'This business' });
  }
  const pages = data ? Math.max(1, Math.ceil(data.total / JOB_POSTS_PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader
        title="Job Postings"
        description="Openings at the chamber's member businesses, newest first."
      >
        {isAuthenticated ? (
          <Button asChild variant="outline">
            <Link to={paths.myJobPostings.href()}>
              <BriefcaseBusinessIcon aria-hidden="true" />
              Post a Job
            </Link>
          </Button>
        ) : null}
      </PageHeader>
      <PageBody className="grid gap-6">
        <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] lg:items-end">
          <form role="search" onSubmit={search} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <SearchField
                id="job-search"
                label="Search jobs"
                value={text}
                placeholder="Title, business or words"
                onValueChange={(value) => setTyped({ for: filters.q, text: value })}
              />
            </div>
            <Button type="submit" aria-label="Search">
              <SearchIcon aria-hidden="true" />
              <span className="hidden sm:inline">Search</span>
            </Button>
          </form>
          <div className="grid gap-3 sm:grid-cols-3 lg:contents">
            <LabelledSelect
              label="Type"
              value={filters.type ?? ALL}
              options={typeOptions}
              onValueChange={(value) =>
                go({ type: value === ALL ? null : (value as BoardFilters['type']) })
              }
            />
            <LabelledSelect
              label="Place"
              value={filters.workplace ?? ALL}
              options={placeOptions}
              onValueChange={(value) =>
                go({ workplace: value === ALL ? null : (value as BoardFilters['workplace']) })
              }
            />
            <LabelledSelect
              label="Business"
              value={filters.business ?? ALL}
              options={businessOptions}
              onValueChange={(value) => go({ business: value === ALL ? null : value })}
            />
          </div>
        </div>

        {board.isError && !data ? (
          <Card role="alert" className="max-w-xl items-start px-6">
            <p className="text-lg font-semibold">{board.error.message}</p>
            <Button type="button" onClick={() => void board.refetch()}>
              Try Again
            </Button>
          </Card>
        ) : !data ? (
          <div className="grid gap-4" aria-busy="true">
            <p role="status" className="sr-only">
              Loading job postings
            </p>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-32 rounded-xl" />
            ))}
          </div>
        ) : data.total === 0 ? (
          hasFilters(filters) ? (
            <div className="grid justify-items-start gap-3">
              <p role="status" className="text-lg font-semibold">
                No job postings match your search.
              </p>
              <Button type="button" variant="outline" onClick={() => setParams({})}>
                Clear search and filters
              </Button>
            </div>
          ) : (
            <p role="status" className="text-lg text-muted-foreground">
              No job postings right now. Check back soon.
            </p>
          )
        ) : (
          <>
            <p role="status" className="text-sm text-muted-foreground">
              {data.total === 1 ? '1 job posting' : `${data.total} job postings`}
              {pages > 1 ? `, page ${data.page} of ${pages}` : ''}
            </p>
            <ul
              aria-label="Job postings"
              aria-busy={board.isPlaceholderData}
              className={cn('grid gap-4', board.isPlaceholderData && 'opacity-60')}
            >
              {data.jobPosts.map((job) => (
                <li key={job.id} className="min-w-0">
                  <JobSummary job={job} />
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label="Job posting pages" className="flex flex-wrap justify-between gap-3">
                {data.page > 1 ? (
                  <Button asChild variant="outline">
                    <Link
                      to={{ search: boardSearch({ ...filters, page: data.page - 1 }).toString() }}
                    >
                      <ChevronLeftIcon aria-hidden="true" />
                      Previous
                    </Link>
                  </Button>
                ) : (
                  <span />
                )}
                {data.page < pages ? (
                  <Button asChild variant="outline">
                    <Link
                      to={{ search: boardSearch({ ...filters, page: data.page + 1 }).toString() }}
                    >
                      Next
                      <ChevronRightIcon aria-hidden="true" />
                    </Link>
                  </Button>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </PageBody>
    </>
  );
}
