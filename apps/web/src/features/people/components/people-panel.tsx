import { isStaffRole } from '@chamber/contract';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { useBusinessPeople } from '../api/people';
import { InviteForm, Invitations } from './people-invitations';
import { PersonRow } from './person-row';
import { AddPersonDialog } from './staff-people-actions';

/**
 * The people of a business (docs/decisions/0123-businesses-and-their-people.md): who they are,
 * their role, whether they sign in and whether the listing shows them; the invitations still
 * open; and, for the primary person, editors and staff (`canManage`), inviting, changing roles
 * and removing; staff also add people without an invitation and move them to another business. Everyone may change their own title and whether the listing shows them. A
 * refusal shows the server's sentence where the change was made.
 */
export function PeoplePanel({
  contactId,
  businessName,
  headingLevel = 3,
}: {
  contactId: string;
  /** The business's name, for the panel's words; null while it is not known. */
  businessName: string | null;
  /** The panel's title under the page's headings: 2 on a page of its own, 3 in the profile. */
  headingLevel?: 2 | 3;
}) {
  const query = useBusinessPeople(contactId);
  const business = businessName ?? 'the business';
  const { user } = useAuth();
  // Staff add people without an invitation and move them to another business.
  const staff = user ? isStaffRole(user.role) : false;

  return (
    <Card role="region" className="max-w-4xl" aria-labelledby="people-title">
      <CardHeader>
        {headingLevel === 2 ? (
          <h2 id="people-title" className="text-lg leading-tight font-semibold">
            People
          </h2>
        ) : (
          <CardTitle id="people-title">People</CardTitle>
        )}
        <CardDescription>
          The people of {business}: who signs in to act for it, and who the listing shows.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading people">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p>{query.error.message}</p>
            <Button type="button" variant="outline" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <ul className="grid divide-y rounded-md border" aria-label={`People of ${business}`}>
              {query.data.people.map((person) => (
                <PersonRow
                  key={person.id}
                  contactId={contactId}
                  business={business}
                  person={person}
                  canManage={query.data.canManage}
                  staff={staff}
                />
              ))}
            </ul>
            {staff ? (
              <div>
                <AddPersonDialog contactId={contactId} business={business} />
              </div>
            ) : null}
            {query.data.invitations.length > 0 ? (
              <Invitations
                contactId={contactId}
                invitations={query.data.invitations}
                canManage={query.data.canManage}
              />
            ) : null}
            {query.data.canManage ? <InviteForm contactId={contactId} business={business} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
