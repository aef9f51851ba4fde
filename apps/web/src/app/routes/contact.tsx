import { PageBody, PageHeader } from '@/components/layout/page-header';
import { ContactDetails } from '@/features/contact/components/contact-details';

export function Component() {
  return (
    <>
      <PageHeader
        title="Contact Us"
        description="Call, write or drop by the chamber office. An online contact form is coming soon."
      />
      <PageBody>
        <ContactDetails />
      </PageBody>
    </>
  );
}
