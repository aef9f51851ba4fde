import { GiftIcon } from 'lucide-react';
import { newMemberBenefits } from '@/config/membership-tiers';

/** What every new member gets in their first year (docs/product.md#constants). */
export function NewMemberBenefits() {
  return (
    <section
      aria-labelledby="new-member-title"
      className="grid gap-6 rounded-2xl border bg-surface p-6 sm:p-8 md:grid-cols-[1fr_2fr] md:items-center"
    >
      <div className="grid gap-3">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <GiftIcon className="size-6" aria-hidden="true" />
        </span>
        <h3 id="new-member-title" className="text-2xl font-bold tracking-tight">
          New Member Benefits
        </h3>
        <p className="text-muted-foreground">Included with every level in your first year.</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {newMemberBenefits.map((item) => (
          <li key={item} className="rounded-xl border bg-card p-4 font-medium shadow-xs">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
