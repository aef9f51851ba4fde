import { useParams } from 'react-router';
import { CheckInPage } from '@/features/calendar/components/check-in-page';

export function Component() {
  const { id } = useParams();
  return id ? <CheckInPage key={id} id={id} /> : null;
}
