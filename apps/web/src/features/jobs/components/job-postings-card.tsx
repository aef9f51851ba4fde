import { BriefcaseBusinessIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** On the profile, beside My Deals: the way to the member's job postings. */
export function JobPostingsCard() {
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle>My Job Postings</CardTitle>
        <CardDescription>
          Post openings at your business on the chamber's Job Postings page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={paths.myJobPostings.href()}>
            <BriefcaseBusinessIcon aria-hidden="true" />
            Manage Job Postings
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
