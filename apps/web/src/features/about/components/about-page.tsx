import { EyeIcon, TargetIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { AboutBenefits } from './about-benefits';
import { AboutLevels } from './about-levels';

/** /about (docs/product.md#screens Static pages): mission and vision, benefit sections, and Contact Us. */
export function AboutPage() {
  const { name, location } = useChamber();
  const place = location?.city ? `${location.city} and the surrounding area` : 'our community';

  return (
    <>
      <PageHeader
        title={`About the ${name}`}
        description={`We connect, promote and speak up for the businesses of ${place}: from the corner bakery to the largest employer in town.`}
      />
      <PageBody className="grid grid-cols-1 gap-16">
        <section aria-label="Mission and vision" className="grid gap-6 md:grid-cols-2">
          <article className="grid content-start gap-3 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <TargetIcon className="size-8 text-primary" aria-hidden="true" />
            <h2 className="text-2xl font-bold tracking-tight">Our mission</h2>
            <p className="text-muted-foreground">
              To strengthen the businesses of {place} by connecting the people who run them,
              promoting them to the community they serve, and representing their interests with
              local government and partners.
            </p>
          </article>
          <article className="grid content-start gap-3 rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <EyeIcon className="size-8 text-primary" aria-hidden="true" />
            <h2 className="text-2xl font-bold tracking-tight">Our vision</h2>
            <p className="text-muted-foreground">
              A thriving local economy where every business, new or long-established, has the
              relationships, visibility and know-how it needs to grow, and where residents choose to
              shop, dine and work close to home.
            </p>
          </article>
        </section>
        <AboutBenefits />
        <AboutLevels />
        <section
          aria-labelledby="about-contact"
          className="grid justify-items-start gap-4 rounded-2xl bg-primary p-6 text-primary-foreground sm:p-10 dark:bg-[color-mix(in_oklab,var(--primary)_22%,var(--card))] dark:text-foreground"
        >
          <h2 id="about-contact" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Let&apos;s talk about your business
          </h2>
          <p className="max-w-2xl text-lg">
            Thinking about joining, sponsoring an event or hosting a ribbon cutting? Our staff will
            gladly walk you through it.
          </p>
          <Button
            asChild
            size="lg"
            className="bg-background text-foreground hover:bg-background/90 dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90"
          >
            <Link to={paths.contact.href()}>Contact Us</Link>
          </Button>
        </section>
      </PageBody>
    </>
  );
}
