import {
  parsePriceCents,
  priceText,
  type SponsorLevel,
  type SponsorshipPackage,
  type SponsorshipPackageInput,
  type SponsorshipSlotKind,
  sponsorshipSlotLabels,
} from '@chamber/contract';
import { sponsorLevels, sponsorshipSlotKinds } from '@chamber/contract/vocabulary';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';
import { Textarea } from '@/components/ui/textarea';
import { useUpcomingEvents } from '@/lib/api/upcoming-events';
import { useSavePackage } from '../api/sponsorships';
import { selectClass } from './buy-dialog';

const levelLabels: Record<SponsorLevel, string> = {
  presenting: 'Presenting',
  gold: 'Gold',
  silver: 'Silver',
};

/** The event a listed event or date of a series is placed on: the series for its dates. */
const placedEventId = (id: string) => id.split('_')[0]!.toLowerCase();

/** Staff create a package, or change one (`pkg`), or archive it. */
export function PackageDialog({
  pkg,
  onClose,
}: {
  pkg: SponsorshipPackage | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(pkg?.name ?? '');
  const [description, setDescription] = useState(pkg?.description ?? '');
  const [price, setPrice] = useState(pkg ? priceText(pkg.priceCents) : '');
  const [quantity, setQuantity] = useState(String(pkg?.quantity ?? 1));
  const [startsOn, setStartsOn] = useState(pkg?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(pkg?.endsOn ?? '');
  const [saleStartsOn, setSaleStartsOn] = useState(pkg?.saleStartsOn ?? '');
  const [saleEndsOn, setSaleEndsOn] = useState(pkg?.saleEndsOn ?? '');
  const [kinds, setKinds] = useState<SponsorshipSlotKind[]>(
    pkg?.placements.map((p) => p.kind).filter((k) => k !== 'event') ?? ['home'],
  );
  const [archived, setArchived] = useState(pkg?.archived ?? false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const save = useSavePackage();
  const eventPlacements = pkg?.placements.filter((p) => p.kind === 'event') ?? [];
  const firstEvent = pkg?.eventId ?? eventPlacements[0]?.eventId ?? '';
  const [eventId, setEventId] = useState(firstEvent.toLowerCase());
  const [level, setLevel] = useState<SponsorLevel>(
    pkg?.level ?? eventPlacements[0]?.level ?? 'gold',
  );
  // Event placements of other events than the package's (set through the API) are kept.
  const otherEvents = eventPlacements.filter(
    (p) => (p.eventId ?? '').toLowerCase() !== firstEvent.toLowerCase(),
  );
  const upcoming = useUpcomingEvents();
  const eventChoices = useMemo(() => {
    const choices = new Map<string, string>();
    if (firstEvent) choices.set(firstEvent.toLowerCase(), pkg?.eventTitle ?? 'The chosen event');
    for (const e of upcoming.events) {
      const id = placedEventId(e.id);
      if (!choices.has(id)) choices.set(id, `${e.title} (${e.startTime.slice(0, 10)})`);
    }
    return [...choices];
  }, [firstEvent, pkg?.eventTitle, upcoming.events]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const priceCents = parsePriceCents(price);
    if (priceCents === null) {
      setOutcome({ ok: false, text: 'Give the price as an amount, e.g. 500 or 500.00.' });
      return;
    }
    const body: SponsorshipPackageInput = {
      name,
      description,
      priceCents,
      quantity: Number(quantity),
      startsOn,
      endsOn,
      saleStartsOn: saleStartsOn || null,
      saleEndsOn: saleEndsOn || null,
      placements: [
        ...kinds.map((kind) => ({ kind })),
        ...(eventId ? [{ kind: 'event' as const, eventId, level }] : []),
        ...otherEvents,
      ],
      eventId: eventId || null,
      level: eventId ? level : null,
      archived,
    };
    save.mutate(
      { id: pkg?.id ?? null, body },
      {
        onSuccess: () => onClose(),
        onError: (error) => setOutcome({ ok: false, text: error.message }),
      },
    );
  };

  const field = (id: string, label: string, input: React.ReactNode) => (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {input}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{pkg ? `Edit “${pkg.name}”` : 'New sponsorship package'}</DialogTitle>
          <DialogDescription>
            Dates are days in the chamber’s time zone; both ends are included.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit}>
          {field(
            'package-name',
            'Name',
            <Input
              id="package-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
            />,
          )}
          {field(
            'package-description',
            'Description',
            <Textarea
              id="package-description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />,
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              'package-price',
              'Price',
              <Input
                id="package-price"
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                required
              />,
            )}
            {field(
              'package-quantity',
              'Quantity',
              <Input
                id="package-quantity"
                type="number"
                min={0}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                required
              />,
            )}
            {field(
              'package-starts',
              'Runs from',
              <Input
                id="package-starts"
                type="date"
                value={startsOn}
                onChange={(e) => setStartsOn(e.target.value)}
                required
              />,
            )}
            {field(
              'package-ends',
              'Runs until',
              <Input
                id="package-ends"
                type="date"
                value={endsOn}
                onChange={(e) => setEndsOn(e.target.value)}
                required
              />,
            )}
            {field(
              'package-sale-starts',
              'On sale from (optional)',
              <Input
                id="package-sale-starts"
                type="date"
                value={saleStartsOn}
                onChange={(e) => setSaleStartsOn(e.target.value)}
              />,
            )}
            {field(
              'package-sale-ends',
              'On sale until (optional)',
              <Input
                id="package-sale-ends"
                type="date"
                value={saleEndsOn}
                onChange={(e) => setSaleEndsOn(e.target.value)}
              />,
            )}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Placements included</legend>
            {sponsorshipSlotKinds
              .filter((kind) => kind !== 'event')
              .map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={kinds.includes(kind)}
                    onChange={(e) =>
                      setKinds(
                        e.target.checked ? [...kinds, kind] : kinds.filter((k) => k !== kind),
                      )
                    }
                  />
                  {sponsorshipSlotLabels[kind]}
                </label>
              ))}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              'package-event',
              'Event (optional)',
              <select
                id="package-event"
                className={selectClass}
                value={eventId}
                onChange={(e) => setEventId(e.target.value)}
                aria-describedby="package-event-help"
              >
                <option value="">No event</option>
                {eventChoices.map(([id, label]) => (
                  <option key={id} value={id}>
                    {label}
                  </option>
                ))}
              </select>,
            )}
            {eventId
              ? field(
                  'package-level',
                  'Sponsor level',
                  <select
                    id="package-level"
                    className={selectClass}
                    value={level}
                    onChange={(e) =>
                      setLevel(sponsorLevels.find((l) => l === e.target.value) ?? 'gold')
                    }
                  >
                    {sponsorLevels.map((l) => (
                      <option key={l} value={l}>
                        {levelLabels[l]}
                      </option>
                    ))}
                  </select>,
                )
              : null}
            <p id="package-event-help" className="text-muted-foreground text-sm sm:col-span-2">
              A package for an event shows its sponsor on the event’s page, grouped by level
              (presenting first), and in its registration confirmations.
            </p>
          </div>
          {pkg ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={archived}
                onChange={(e) => setArchived(e.target.checked)}
              />
              Archived (no longer offered)
            </label>
          ) : null}
          <OutcomeMessage outcome={outcome} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save package'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
