import type { MemberDetail } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { PencilIcon, UserRoundXIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CategoryLinks } from '@/components/members/category-links';
import { MemberAvatar } from '@/components/members/member-avatar';
import { TierBadge } from '@/components/members/tier-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api/client';
import { createAuthApi } from '@/lib/api/auth';
import { useAuth } from '@/lib/auth/use-auth';
import { memberLoadError, memberQueryOptions } from '@/lib/api/members';
import { capitalise } from '@/lib/members/labels';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePreload } from '@/lib/use-preload';
import { CelebrationEntry } from '@/components/celebrations/celebration-entry';
import { ListingCelebrations } from './listing-celebrations';
import { MemberContactCard } from './member-contact-card';
import { MemberDetails } from './member-details';
import { MemberHero, memberTitle } from './member-hero';
import { OpeningHoursCard } from './opening-hours-card';

// Edit mode (the form, its schemas, the uploads) is for the few who may edit: it loads as its
// own chunk, fetched as soon as the page shows that the viewer may edit, not for every visitor.
const loadEditor = () => import('./member-editor');
const MemberEditor = lazy(() => loadEditor().then((m) => ({ default: m.MemberEditor })));

/** A member's page (docs/product.md#screens Member profile): banner, contact card, details, and edit mode. */
export function MemberProfile({ id }: { id: string }) {
  const query = useQuery(memberQueryOptions(id));
  const member = query.data;
  useDocumentTitle(member ? memberTitle(member) : 'Member Profile');

  if (query.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner className="size-8 text-primary" label="Loading member profile" />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <MemberError
        message={memberLoadError(query.error)}
        detail={
          notFound
            ? 'The member may have left the chamber, or the link may be out of date.'
            : 'Check your connection and try again.'
        }
      />
    );
  }
  return <MemberPage member={member!} />;
}

/** The error card: the failure, or 'No member ID provided', and the way back. */
export function MemberError({ message, detail }: { message: string; detail?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <Card role="alert" className="items-center px-6 text-center">
        <UserRoundXIcon className="size-12 text-muted-foreground" aria-hidden="true" />
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold">{message}</h1>
          {detail ? <p className="text-muted-foreground">{detail}</p> : null}
        </div>
        <Button asChild>
          <Link to={paths.members.href()}>Back to Members</Link>
        </Button>
      </Card>
    </div>
  );
}

function MemberPage({ member }: { member: MemberDetail }) {
  const { user, setUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const ownProfile = user?.contactId != null && user.contactId === member.id;
  const canEdit = member.canEdit;

  usePreload(loadEditor, canEdit);

  function leaveEditMode() {
    setEditing(false);
    // Back to where keyboard users started, once the button is rendered again.
    requestAnimationFrame(() => editButton.current?.focus());
  }

  async function refreshOwnAccount() {
    // The names and phone are also the login's; the header should show the new ones.
    if (!ownProfile) return;
    try {
      setUser(await createAuthApi(api).fetchProfile());
    } catch {
      // The save itself succeeded; the header catches up at the next sign-in.
    }
  }

  return (
    <>
      <MemberHero member={member} />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-3 lg:items-start">
        <Card className="lg:col-span-2">
          <CardContent className="grid grid-cols-1 gap-8 px-4 sm:px-6">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <MemberAvatar
                src={member.avatar}
                firstName={member.firstName}
                lastName={member.lastName}
                alt={`Photo of ${member.name}`}
                className="size-20 text-2xl sm:size-24"
              />
              <div className="grid min-w-0 flex-1 gap-1">
                <h2 className="text-2xl font-bold tracking-tight">{memberTitle(member)}</h2>
                {member.businessName ? (
                  <p className="text-muted-foreground">{member.name}</p>
                ) : null}
                <ul aria-label="Member status" className="mt-2 flex flex-wrap gap-2">
                  <li>
                    <Badge variant="secondary">{capitalise(member.role)}</Badge>
                  </li>
                  <li>
                    <Badge variant="outline">{capitalise(member.status)}</Badge>
                  </li>
                  <li>
                    <TierBadge tier={member.membershipTier} />
                  </li>
                  {ownProfile ? (
                    <li>
                      <Badge className="bg-success text-background">Your Profile</Badge>
                    </li>
                  ) : null}
                </ul>
                <CategoryLinks categories={member.categories} className="mt-2" />
              </div>
              {canEdit && !editing ? (
                <Button
                  ref={editButton}
                  type="button"
                  variant="outline"
                  className="w-full sm:w-auto"
                  onClick={() => setEditing(true)}
                >
                  <PencilIcon aria-hidden="true" />
                  Edit Profile
                </Button>
              ) : null}
            </div>
            {editing ? (
              <Suspense
                fallback={<Spinner className="size-6 text-primary" label="Loading the editor" />}
              >
                <MemberEditor
                  member={member}
                  onDone={leaveEditMode}
                  onSaved={() => void refreshOwnAccount()}
                />
              </Suspense>
            ) : (
              <MemberDetails member={member} />
            )}
          </CardContent>
        </Card>
        <div className="grid gap-6">
          <MemberContactCard member={member} />
          <OpeningHoursCard hours={member.openingHours} />
          <ListingCelebrations contactId={member.id} />
          {ownProfile ? <CelebrationEntry /> : null}
        </div>
      </div>
    </>
  );
}
