import { InboxIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useSubmissions, type SubmissionFilter } from '../api/get-submissions';
import { emptyText, submissionFilterOptions } from '../lib/submissions';
import { Pager } from './pager';
import { SubmissionItem } from './submission-item';

/** Messages tab: what people sent through the portal's contact and nomination forms. */
export function Messages() {
  const [kind, setKind] = useState<SubmissionFilter>('all');
  // A new filter starts again at the first page.
  const [paging, setPaging] = useState({ kind, page: 0 });
  const page = paging.kind === kind ? paging.page : 0;
  const query = useSubmissions(kind, page);
  const data = query.data;
  const filterId = useId();

  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Messages</h2>
      <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex sm:items-end sm:justify-between">
        <p className="text-sm text-muted-foreground sm:max-w-md">
          Messages and nominations sent through the portal’s own forms, newest first. Each is also
          mailed to the chamber’s address; any that could not be are marked.
        </p>
        <div className="grid gap-1.5 sm:w-64">
          <Label htmlFor={filterId} className="text-xs text-muted-foreground">
            Show
          </Label>
          <Select value={kind} onValueChange={(value) => setKind(value as SubmissionFilter)}>
            <SelectTrigger id={filterId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {submissionFilterOptions.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {query.isError && !data ? (
        <div
          role="alert"
          className="grid justify-items-center gap-4 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-12 text-center"
        >
          <p className="text-lg font-semibold">{query.error.message}</p>
          <Button type="button" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : !data ? (
        <div className="grid gap-3">
          <p role="status" className="sr-only">
            Loading messages
          </p>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : data.submissions.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <InboxIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p role="status" className="text-lg font-semibold">
            {emptyText(kind)}
          </p>
          <p className="text-muted-foreground">
            What people send from the Contact and Nominations pages will be listed here.
          </p>
        </div>
      ) : (
        <>
          <ol
            aria-label="Messages"
            aria-busy={query.isPlaceholderData}
            className={cn('grid gap-3', query.isPlaceholderData && 'opacity-60')}
          >
            {data.submissions.map((submission) => (
              <li key={submission.id}>
                <SubmissionItem submission={submission} />
              </li>
            ))}
          </ol>
          <Pager
            page={data.page}
            count={data.submissions.length}
            total={data.pagination.total}
            hasMore={data.pagination.hasMore}
            noun="messages"
            label="Message pages"
            onPage={(next) => setPaging({ kind, page: next })}
          />
        </>
      )}
    </div>
  );
}
