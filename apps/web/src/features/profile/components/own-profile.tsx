import type { Profile } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { memberQueryOptions } from '@/lib/api/members';
import { ProfileEditor } from './profile-editor';
import { ProfileSummary } from './profile-summary';

/**
 * The signed-in member's own profile (docs/product.md#screens Own profile): the account, plus its directory
 * entry when the login has a contact; view mode, or edit mode after Edit Profile.
 */
export function OwnProfile({ profile }: { profile: Profile }) {
  const contactId = profile.contactId;
  const query = useQuery({ ...memberQueryOptions(contactId ?? ''), enabled: contactId !== null });
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  if (contactId !== null && query.isPending) return <ProfileSkeleton />;
  if (contactId !== null && query.isError) {
    return (
      <Card role="alert" className="max-w-xl items-start px-6">
        <p className="text-lg font-semibold">Failed to load profile</p>
        <p className="text-muted-foreground">
          Check your connection and try again. If it keeps happening, contact the chamber office.
        </p>
        <Button type="button" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }

  const member = contactId !== null ? (query.data ?? null) : null;
  return (
    <Card className="max-w-4xl">
      <CardContent className="px-4 sm:px-6">
        {editing ? (
          <ProfileEditor
            profile={profile}
            member={member}
            onDone={() => {
              setEditing(false);
              requestAnimationFrame(() => editButton.current?.focus());
            }}
          />
        ) : (
          <ProfileSummary
            profile={profile}
            member={member}
            onEdit={() => setEditing(true)}
            editButtonRef={editButton}
          />
        )}
      </CardContent>
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <Card className="max-w-4xl" aria-busy="true" aria-label="Loading profile">
      <CardContent className="grid gap-6">
        <div className="flex items-center gap-4">
          <Skeleton className="size-24 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-7 w-56" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-5 w-32 rounded-full" />
          </div>
        </div>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-32 w-full" />
      </CardContent>
    </Card>
  );
}
