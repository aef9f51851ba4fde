import { useParams } from 'react-router';
import { PreferencePage } from '@/features/mail-preferences/components/preference-page';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Choose which of the chamber’s mail reaches you, or unsubscribe.');
  const { token = '' } = useParams();
  // A new link is a new page: nothing of the previous address's state stays.
  return <PreferencePage key={token} token={token} />;
}
