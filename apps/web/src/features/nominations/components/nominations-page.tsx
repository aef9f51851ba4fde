import { MailQuestionIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { AwardWinners } from './award-winners';
import { NominationTabs } from './nomination-tabs';

/** /nominations: last year's winners, the two nomination forms, and the way to ask questions. */
export function NominationsPage() {
  const { shortName } = useChamber();
  return (
    <>
      <PageHeader
        title="Nominations and Awards"
        description={`Every month the ${shortName} recognises a member business, and every year we celebrate the people who make doing business here a pleasure. Nominations are open all year.`}
      />
      <PageBody className="grid grid-cols-1 gap-16">
        <AwardWinners />
        <section aria-labelledby="nominate-title" className="grid gap-6">
          <div className="grid gap-2">
            <h2 id="nominate-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Make a nomination
            </h2>
            <p className="max-w-2xl text-muted-foreground">
              Anyone may nominate: members, customers and neighbours. The awards committee reviews
              every nomination and announces winners at the monthly luncheon.
            </p>
          </div>
          <NominationTabs />
        </section>
        <section
          aria-labelledby="questions-title"
          className="flex flex-col items-start gap-4 rounded-2xl border bg-surface p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div className="flex gap-4">
            <MailQuestionIcon className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
            <div className="grid gap-1">
              <h2 id="questions-title" className="text-lg font-semibold">
                Questions about the awards?
              </h2>
              <p className="text-muted-foreground">
                Ask about eligibility, past winners or sponsoring an award.
              </p>
            </div>
          </div>
          <Button asChild size="lg">
            <Link to={paths.contact.href()}>Contact Us</Link>
          </Button>
        </section>
      </PageBody>
    </>
  );
}
