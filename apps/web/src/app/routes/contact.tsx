import { ContactPage } from '@/features/contact/components/contact-page';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  const { name } = useChamber();
  useMetaDescription(
    `Contact the ${name}: office address, phone, email, directions, and a form to send us a message.`,
  );
  return <ContactPage />;
}
