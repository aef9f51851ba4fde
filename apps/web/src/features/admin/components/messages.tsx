import { InboxIcon } from 'lucide-react';
import { useState } from 'react';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { useSubmissions, type SubmissionFilter } from '../api/get-submissions';
import { emptyText, submissionFilterOptions } from '../lib/submissions';
import { Pager } from './pager';
import { SubmissionItem } from './submission-item';
import { TabEmpty, TabError, TabList, TabLoading } from './tab-states';

/** Messages tab: what people sent through the portal's contact and nomination forms. */
export function Messages() {
  const [kind, setKind] = useState<SubmissionFilter>('all');
  // A new filter starts again at the first page.
  const [paging, setPaging] = useState({ kind, page: 0 });
  const page = paging.kind === kind ? paging.page : 0;
  const query = useSubmissions(kind, page);
  const data = query.data;

  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Messages</h2>
      <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex sm:items-end sm:justify-between">
        <p className="text-sm text-muted-foreground sm:max-w-md">
          Messages and nominations sent through the portal’s own forms, newest first. Each is also
          mailed to the chamber’s address; any that could not be are marked.
        </p>
        <LabelledSelect
          label="Show"
          value={kind}
          options={submissionFilterOptions}
          onValueChange={(value) => setKind(value as SubmissionFilter)}
          className="sm:w-64"
        />
      </div>

      {query.isError && !data ? (
        <TabError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <TabLoading label="Loading messages" count={3} className="h-40" />
      ) : data.submissions.length === 0 ? (
        <TabEmpty icon={InboxIcon} title={emptyText(kind)}>
          <p className="text-muted-foreground">
            What people send from the Contact and Nominations pages will be listed here.
          </p>
        </TabEmpty>
      ) : (
        <>
          <TabList
            label="Messages"
            items={data.submissions}
            busy={query.isPlaceholderData}
            render={(submission) => <SubmissionItem submission={submission} />}
          />
          <Pager
            page={data.page}
            count={data.submissions.length}
            total={data.pagination.total}
            hasMore={data.pagination.hasMore}
            noun={['message', 'messages']}
            label="Message pages"
            onPage={(next) => setPaging({ kind, page: next })}
          />
        </>
      )}
    </div>
  );
}
