import { useParams } from 'react-router';
import { JobPage } from '@/features/jobs/components/job-page';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('A job opening at a member business of the chamber.');
  const { id = '' } = useParams();
  return <JobPage key={id} id={id} />;
}
