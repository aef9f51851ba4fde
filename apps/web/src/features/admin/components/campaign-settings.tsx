import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useCampaignSettings, useUpdateCampaignSettings } from '../api/campaign-queries';
import { TabError } from './tab-states';

/** Settings tab, Member communications: whether bulk mails count opens (off by default). */
export function CampaignSettings() {
  const query = useCampaignSettings();
  const update = useUpdateCampaignSettings();
  const id = useId();

  async function change(countOpens: boolean) {
    try {
      await update.mutateAsync({ countOpens });
      toast.success(
        countOpens
          ? 'Messages sent from now on count opens with a tracking image'
          : 'Messages sent from now on carry no tracking image',
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to save the mail settings');
    }
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Member communications</CardTitle>
        <CardDescription>What the chamber’s newsletters and announcements record.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <TabError message={query.error.message} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <Skeleton className="h-16 w-full" aria-label="Loading the mail settings" />
        ) : (
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${id}-opens`}
              checked={query.data.countOpens}
              disabled={update.isPending}
              aria-describedby={`${id}-opens-hint`}
              onCheckedChange={(checked) => void change(checked === true)}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-opens`}>Count opens with a tracking image</Label>
              <p id={`${id}-opens-hint`} className="text-sm text-muted-foreground">
                Messages sent while this is on carry an invisible image that records when each
                recipient first opened them (only where their mail program shows images). The
                privacy page tells recipients so. Off by default.
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
