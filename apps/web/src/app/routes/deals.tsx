import { DealsBoard } from '@/features/deals/components/deals-board';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Offers and coupon codes from member businesses.');
  return <DealsBoard />;
}
