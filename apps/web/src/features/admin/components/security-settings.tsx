import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/two-factor-admin';
import { TabError } from './tab-states';

/** Settings tab, Sign-in security: two-factor sign-in required of staff, or not. */
export function SecuritySettings() {
  const query = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  const id = useId();
  const hintId = useId();

  async function change(requireStaffTwoFactor: boolean) {
    try {
      await update.mutateAsync({ requireStaffTwoFactor });
      toast.success(
        requireStaffTwoFactor
          ? 'Two-factor sign-in is now required for admins and moderators'
          : 'Two-factor sign-in is no longer required for admins and moderators',
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to save the sign-in settings');
    }
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Sign-in security</CardTitle>
        <CardDescription>Rules for how staff sign in to the portal.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <TabError message={query.error.message} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <Skeleton className="h-12 w-full" aria-label="Loading the sign-in settings" />
        ) : (
          <div className="flex items-start gap-3">
            <Checkbox
              id={id}
              checked={query.data.requireStaffTwoFactor}
              disabled={update.isPending}
              aria-describedby={hintId}
              onCheckedChange={(checked) => void change(checked === true)}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={id}>Require two-factor sign-in for admins and moderators</Label>
              <p id={hintId} className="text-sm text-muted-foreground">
                Staff without it are asked to set it up at their next sign-in, and cannot turn it
                off. Members can turn it on for themselves in their profile.
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
