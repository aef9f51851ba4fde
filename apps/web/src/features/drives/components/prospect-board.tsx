import { type Prospect, prospectStatuses, prospectStatusLabels } from '@chamber/contract';
import { useId } from 'react';
import { ProspectCard } from './prospect-card';

/** Prospects in one column per stage, contacted → pledged → invoiced → paid. */
export function ProspectBoard({
  prospects,
  currency,
  driveId,
  showVolunteer = false,
}: {
  prospects: Prospect[];
  currency: string;
  driveId: string | null;
  showVolunteer?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {prospectStatuses.map((status) => {
        const here = prospects.filter((p) => p.status === status);
        return (
          <div
            role="group"
            key={status}
            aria-labelledby={`${id}-${status}`}
            className="grid content-start gap-2 rounded-xl bg-muted/40 p-3"
          >
            <h3 id={`${id}-${status}`} className="font-semibold">
              {prospectStatusLabels[status]} ({here.length})
            </h3>
            {here.length === 0 ? (
              <p className="text-sm text-muted-foreground">None.</p>
            ) : (
              <ul className="grid gap-2">
                {here.map((p) => (
                  <ProspectCard
                    key={p.id}
                    prospect={p}
                    currency={currency}
                    driveId={driveId}
                    showVolunteer={showVolunteer}
                  />
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}
