import { businessRoleLabels, type AccountBusiness } from '@chamber/contract';
import { BuildingIcon, CheckIcon } from 'lucide-react';
import { toast } from 'sonner';
import {
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import { useAccountBusinesses, useActFor } from '@/lib/api/businesses';
import { cn } from '@/lib/utils';

/**
 * The businesses to choose from when the sign-in is a person of more than one, and the
 * choice: PUT /account/business, then the profile and everything read for the other business
 * again. Nothing while there is only one.
 */
function useSwitcher() {
  const businesses = useAccountBusinesses();
  const actFor = useActFor();
  const list = businesses.data ?? [];

  async function choose(business: AccountBusiness) {
    if (business.acting || actFor.isPending) return;
    try {
      await actFor.mutateAsync(business.contactId);
      toast.success(`Acting for ${business.businessName}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not switch to that business');
    }
  }

  return { list: list.length > 1 ? list : [], choose, pending: actFor.isPending };
}

/** The account menu's 'Acting for' choice (wide screens). */
export function MenuBusinessSwitcher() {
  const { list, choose, pending } = useSwitcher();
  if (list.length === 0) return null;
  const acting = list.find((b) => b.acting)?.contactId ?? '';
  return (
    <>
      <DropdownMenuLabel id="acting-for-label" className="text-xs text-muted-foreground">
        Acting for
      </DropdownMenuLabel>
      <DropdownMenuRadioGroup
        aria-labelledby="acting-for-label"
        value={acting}
        onValueChange={(contactId) => {
          const business = list.find((b) => b.contactId === contactId);
          if (business) void choose(business);
        }}
      >
        {list.map((business) => (
          <DropdownMenuRadioItem
            key={business.contactId}
            value={business.contactId}
            disabled={pending}
          >
            <span className="grid min-w-0">
              <span className="truncate">{business.businessName}</span>
              <span className="text-xs text-muted-foreground">
                {businessRoleLabels[business.role]}
              </span>
            </span>
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      <DropdownMenuSeparator />
    </>
  );
}

/** The side menu's 'Acting for' choice (phones). */
export function SideMenuBusinessSwitcher({ onChosen }: { onChosen: () => void }) {
  const { list, choose, pending } = useSwitcher();
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="side-acting-for" className="grid gap-1 rounded-lg border p-2">
      <h2 id="side-acting-for" className="px-2 pt-1 text-sm font-semibold text-muted-foreground">
        Acting for
      </h2>
      <ul className="grid gap-1">
        {list.map((business) => (
          <li key={business.contactId}>
            <button
              type="button"
              aria-pressed={business.acting}
              disabled={pending}
              onClick={() => {
                if (business.acting) return;
                onChosen();
                void choose(business);
              }}
              className={cn(
                'flex w-full items-center gap-2 rounded-md px-2 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60',
                business.acting && 'bg-muted',
              )}
            >
              {business.acting ? (
                <CheckIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
              ) : (
                <BuildingIcon
                  className="size-4 shrink-0 text-muted-foreground"
                  aria-hidden="true"
                />
              )}
              <span className="grid min-w-0">
                <span className="truncate font-medium">{business.businessName}</span>
                <span className="text-xs text-muted-foreground">
                  {businessRoleLabels[business.role]}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
