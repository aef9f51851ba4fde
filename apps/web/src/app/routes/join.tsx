import { LinkIcon, UserPlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { MembershipOverview } from '@/features/home/components/membership-overview';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Compare the membership levels and prices, and join the chamber.');
  return (
    <>
      <PageHeader
        title="Join the Chamber"
        description="Choose the membership level that fits your business. Each level's page lists its benefits and how to sign up."
      />
      <MembershipOverview />
      <section aria-labelledby="portal-account" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <h2 id="portal-account" className="text-2xl font-bold tracking-tight">
          Your member portal account
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Members keep their directory listing up to date and post events from the portal.
        </p>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <LinkIcon className="size-5 text-primary" aria-hidden="true" />
                Already a member?
              </CardTitle>
              <CardDescription>
                Your business is on our roster. Confirm your email address with a code and choose a
                password to manage your listing.
              </CardDescription>
            </CardHeader>
            <CardFooter className="mt-auto">
              <Button asChild>
                <Link to={paths.registerExisting.href()}>Connect your membership</Link>
              </Button>
            </CardFooter>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <UserPlusIcon className="size-5 text-primary" aria-hidden="true" />
                New to the chamber?
              </CardTitle>
              <CardDescription>
                Create your account now and set up your business profile; chamber staff confirm your
                membership before your listing goes live.
              </CardDescription>
            </CardHeader>
            <CardFooter className="mt-auto">
              <Button asChild variant="outline">
                <Link to={paths.register.href()}>Create an account</Link>
              </Button>
            </CardFooter>
          </Card>
        </div>
      </section>
    </>
  );
}
