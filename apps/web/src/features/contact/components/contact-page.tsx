import { MessageSquareTextIcon } from 'lucide-react';
import { EmbeddedForm } from '@/components/embeds/embedded-form';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useChamber } from '@/lib/chamber/use-chamber';
import { ContactDetails, OfficeMap } from './contact-details';
import { ContactForm } from './contact-form';

/** docs/product.md#constants: the embedded contact form is 1353 px tall. */
export const CONTACT_FORM_HEIGHT = 1353;

/** /contact: the office's details and map beside the contact form (embedded or the portal's). */
export function ContactPage() {
  const { location, locationError, name } = useChamber();

  return (
    <>
      <PageHeader
        title="Contact Us"
        description={`Questions about membership, events or sponsorships? Call, write or stop by the office: the ${name} team is happy to help.`}
      />
      <PageBody className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[2fr_3fr]">
        <div className="grid gap-6">
          {location ? (
            <>
              <ContactDetails location={location} />
              <OfficeMap location={location} />
            </>
          ) : locationError ? (
            <p role="alert" className="text-muted-foreground">
              The office&apos;s details are unavailable right now. Please try again later.
            </p>
          ) : (
            <Skeleton className="h-72 w-full" />
          )}
        </div>
        <Card>
          <CardHeader>
            <h2 className="flex items-center gap-2 text-xl leading-tight font-semibold">
              <MessageSquareTextIcon className="size-5 text-primary" aria-hidden="true" />
              Send us a message
            </h2>
            <CardDescription>
              We answer within two business days. For anything urgent, please call the office.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {!location && !locationError ? (
              <Skeleton className="h-96 w-full" />
            ) : location?.contactFormUrl ? (
              <EmbeddedForm
                src={location.contactFormUrl}
                title="Contact form"
                height={CONTACT_FORM_HEIGHT}
                scriptSrc={location.formEmbedScriptUrl}
              />
            ) : (
              <ContactForm />
            )}
          </CardContent>
        </Card>
      </PageBody>
    </>
  );
}
