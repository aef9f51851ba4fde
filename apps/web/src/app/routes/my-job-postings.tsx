import { MyJobPostings } from '@/features/jobs/components/my-job-postings';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Your business’s job postings: drafts, approval and the job board.');
  return <MyJobPostings />;
}
