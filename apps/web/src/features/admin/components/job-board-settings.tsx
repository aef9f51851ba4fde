import type { JobBoardSettings as Settings } from '@chamber/contract';
import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useJobBoardSettings, useUpdateJobBoardSettings } from '../api/job-posts';
import { TabError } from './tab-states';

const choices: { key: keyof Settings; label: string; hint: string; on: string; off: string }[] = [
  {
    key: 'dateAndPayChangesGoLive',
    label: 'Changes to only the closing date or pay go live at once',
    hint: 'A member’s other changes to a job posting on the board wait for staff’s approval; the board shows the posting as it was until then.',
    on: 'Changes to only the closing date or pay now go live at once',
    off: 'Changes to the closing date or pay now wait for approval too',
  },
  {
    key: 'membersPublishDirectly',
    label: 'Enhanced and elite members publish without approval',
    hint: 'Their new job postings, and their changes, go on the board without waiting for staff.',
    on: 'Enhanced and elite members now publish without approval',
    off: 'Enhanced and elite members’ job postings now wait for approval',
  },
];

/** Settings tab, Job board: which members' posts and changes skip staff's approval. */
export function JobBoardSettings() {
  const query = useJobBoardSettings();
  const update = useUpdateJobBoardSettings();
  const id = useId();

  async function change(choice: (typeof choices)[number], value: boolean) {
    try {
      await update.mutateAsync({ [choice.key]: value });
      toast.success(value ? choice.on : choice.off);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to save the job board settings');
    }
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Job board</CardTitle>
        <CardDescription>What waits for staff’s approval on the job board.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <TabError message={query.error.message} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <Skeleton className="h-24 w-full" aria-label="Loading the job board settings" />
        ) : (
          <div className="grid gap-4">
            {choices.map((choice) => (
              <div key={choice.key} className="flex items-start gap-3">
                <Checkbox
                  id={`${id}-${choice.key}`}
                  checked={query.data[choice.key]}
                  disabled={update.isPending}
                  aria-describedby={`${id}-${choice.key}-hint`}
                  onCheckedChange={(checked) => void change(choice, checked === true)}
                  className="mt-0.5"
                />
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-${choice.key}`}>{choice.label}</Label>
                  <p id={`${id}-${choice.key}-hint`} className="text-sm text-muted-foreground">
                    {choice.hint}
                  </p>
                </div>
              </div>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
