import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { appConfigQueryOptions } from '@/lib/api/chamber';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useChamberSettings } from '../api/get-chamber-settings';
import { CampaignSettings } from './campaign-settings';
import { JobBoardSettings } from './job-board-settings';
import { SecuritySettings } from './security-settings';
import { SettingsForm } from './settings-form';
import { TabError } from './tab-states';

/** Settings tab: the chamber's record, as the whole site shows it. */
export function ChamberSettings() {
  const queryClient = useQueryClient();
  const { config, locationError } = useChamber();
  const query = useChamberSettings(config?.locationId);
  // Without the start-up config there is no record to ask for.
  const configFailed = !config && locationError;
  const error = configFailed ? locationError : query.data ? null : query.error?.message;

  function retry() {
    if (configFailed) {
      void queryClient.refetchQueries({ queryKey: appConfigQueryOptions().queryKey });
    } else void query.refetch();
  }

  return (
    <div className="grid max-w-4xl gap-6">
      <h2 className="sr-only">Settings</h2>
      {error ? (
        <TabError message={error} onRetry={retry} />
      ) : query.data ? (
        // Keyed by the record: a refetch in the background never wipes edits in progress.
        <SettingsForm key={query.data.id} location={query.data} />
      ) : (
        <div className="grid gap-6">
          <p role="status" className="sr-only">
            Loading the settings
          </p>
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-56 rounded-xl" />
          <Skeleton className="h-80 rounded-xl" />
        </div>
      )}
      <SecuritySettings />
      <JobBoardSettings />
      <CampaignSettings />
    </div>
  );
}
