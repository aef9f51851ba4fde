import { Link, useLocation } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ListingDeals } from '@/features/deals/components/listing-deals';
import { JobPostingsCard } from '@/features/jobs/components/job-postings-card';
import { AccountSettings } from '@/features/profile/components/account-settings';
import { PeoplePanel } from '@/features/people/components/people-panel';
import { OwnProfile } from '@/features/profile/components/own-profile';
import { SessionsCard } from '@/features/profile/components/sessions-card';
import { TwoFactorCard } from '@/features/profile/components/two-factor-card';
import { useAuth } from '@/lib/auth/use-auth';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription(
    'Your member profile: contact details, business listing, its people and membership.',
  );
  const { user } = useAuth();
  const location = useLocation();

  return (
    <>
      <PageHeader title="My Profile" />
      <PageBody>
        {user ? (
          <div className="grid gap-6">
            <OwnProfile profile={user} />
            {user.contactId ? (
              <PeoplePanel contactId={user.contactId} businessName={user.businessName} />
            ) : null}
            {user.contactId ? <ListingDeals contactId={user.contactId} /> : null}
            {user.contactId ? <JobPostingsCard /> : null}
            <AccountSettings profile={user} />
            <TwoFactorCard />
            <SessionsCard />
          </div>
        ) : (
          <div className="grid justify-items-start gap-4">
            <p className="text-lg">Please log in to view your profile.</p>
            <Button asChild>
              <Link to={paths.login.href()} state={{ from: location }}>
                Sign in
              </Link>
            </Button>
          </div>
        )}
      </PageBody>
    </>
  );
}
