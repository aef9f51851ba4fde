import { TicketIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** A member's coupon codes as ticket badges (docs/product.md#screens Special Offers). */
export function CouponBadges({ codes }: { codes: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {codes.map((code) => (
        <li key={code}>
          <Badge
            variant="outline"
            className="gap-1.5 border-dashed border-primary px-3 py-1 font-mono text-sm whitespace-normal"
          >
            <TicketIcon className="size-4 text-primary" aria-hidden="true" />
            {code}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
