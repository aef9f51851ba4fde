import {
  type CelebrationKind,
  celebrationKindLabels,
  type MyCelebrations,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { PartyPopperIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api/client';
import { paths } from '@chamber/contract';
import {
  celebrationSlotsQueryOptions,
  myCelebrationsQueryOptions,
  useAnswerProposal,
  useBookCelebration,
} from '@/lib/api/celebrations';
import { feeText, statusLabels, whenText } from '@/lib/celebrations/celebration-text';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';
import { NativeSelect } from '@/components/ui/native-select';

/**
 * Ribbon cuttings and milestone celebrations on the member's membership page: their bookings,
 * and a form to book one (kind, one of the slots the chamber's rules allow, the address,
 * a description, expected guests). Nothing for a login without a member business.
 */
export function CelebrationsCard() {
  const query = useQuery(myCelebrationsQueryOptions());
  if (!query.data) return null;
  return <Loaded mine={query.data} />;
}

function Loaded({ mine }: { mine: MyCelebrations }) {
  const answer = useAnswerProposal();
  const shown = mine.celebrations.filter((c) => c.status !== 'cancelled');
  const card = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  // Arriving from 'Book a ribbon cutting' (/account, the listing): the card comes into view.
  useEffect(() => {
    if (hash === '#celebrations') card.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <Card id="celebrations" ref={card} className="scroll-mt-36">
      <CardHeader>
        <CardTitle id="celebrations-title" className="flex items-center gap-2">
          <PartyPopperIcon aria-hidden="true" className="size-5 text-primary" />
          Ribbon cuttings and celebrations
        </CardTitle>
        <CardDescription>
          Book a ribbon cutting, grand opening, anniversary or groundbreaking with the chamber. We
          bring {mine.checklist.map((item) => item.toLowerCase()).join(', ') || 'the rest'}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {shown.length ? (
          <ul className="grid gap-3" aria-label="Your celebrations">
            {shown.map((c) => (
              <li key={c.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                <p className="font-medium">
                  {celebrationKindLabels[c.kind]} · {whenText(c.start, c.timezone)}
                </p>
                <p className="text-muted-foreground">
                  {statusLabels[c.status]}
                  {c.staffNote ? ` — ${c.staffNote}` : ''}
                </p>
                {c.eventId ? (
                  <Link className="text-primary underline" to={paths.event.href(c.eventId)}>
                    See it on the calendar
                  </Link>
                ) : null}
                {c.status === 'proposed' ? (
                  <div className="flex flex-wrap gap-2 pt-1">
                    <Button
                      size="sm"
                      disabled={answer.isPending}
                      onClick={() => answer.mutate({ id: c.id, answer: 'accept' })}
                    >
                      Accept the new time
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={answer.isPending}
                      onClick={() => answer.mutate({ id: c.id, answer: 'cancel' })}
                    >
                      Withdraw
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {mine.mayBook ? (
          <BookingForm mine={mine} />
        ) : (
          <p className="text-sm text-muted-foreground">{mine.refusal}</p>
        )}
      </CardContent>
    </Card>
  );
}

function BookingForm({ mine }: { mine: MyCelebrations }) {
  const id = useId();
  const [kind, setKind] = useState<CelebrationKind>(mine.kinds[0]!);
  const [slot, setSlot] = useState('');
  const [address, setAddress] = useState(mine.listingAddress);
  const [description, setDescription] = useState('');
  const [guests, setGuests] = useState('');
  const [consent, setConsent] = useState(true);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const slots = useQuery(celebrationSlotsQueryOptions(kind));
  const book = useBookCelebration();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!slot) {
      setOutcome({ ok: false, text: 'Choose a time.' });
      return;
    }
    book.mutate(
      {
        kind,
        slotStart: slot,
        address,
        description,
        expectedGuests: guests ? Number(guests) : null,
        galleryConsent: consent,
      },
      {
        onSuccess: (booked) => {
          setSlot('');
          setDescription('');
          setOutcome({
            ok: true,
            text:
              booked.status === 'confirmed'
                ? `Booked and confirmed: ${whenText(booked.start, booked.timezone)}.`
                : `Booked for ${whenText(booked.start, booked.timezone)}. Our staff will confirm it.`,
          });
        },
        onError: (error) =>
          setOutcome({
            ok: false,
            text: error instanceof ApiError ? error.message : 'The booking failed.',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Book a celebration">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-kind`}>Kind</Label>
        <NativeSelect
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as CelebrationKind);
            setSlot('');
          }}
        >
          {mine.kinds.map((k) => (
            <option key={k} value={k}>
              {celebrationKindLabels[k]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-slot`}>Time</Label>
        <NativeSelect
          id={`${id}-slot`}
          value={slot}
          required
          aria-describedby={`${id}-slot-hint`}
          onChange={(e) => setSlot(e.target.value)}
        >
          <option value="">{slots.isPending ? 'Loading the times…' : 'Choose a time'}</option>
          {slots.data?.slots.map((s) => (
            <option key={s.start} value={s.start}>
              {whenText(s.start, slots.data.timezone)}
            </option>
          ))}
        </NativeSelect>
        <p id={`${id}-slot-hint`} className="text-sm text-muted-foreground">
          {slots.error
            ? slots.error.message
            : slots.data && slots.data.slots.length === 0
              ? 'No times are free in the coming weeks.'
              : 'Only the times the chamber holds celebrations, with enough notice.'}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-address`}>Address</Label>
        <Input
          id={`${id}-address`}
          value={address}
          required
          maxLength={300}
          autoComplete="street-address"
          onChange={(e) => setAddress(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>What are you celebrating?</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          required
          maxLength={2000}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-guests`}>Expected guests</Label>
        <Input
          id={`${id}-guests`}
          type="number"
          inputMode="numeric"
          min={1}
          max={5000}
          value={guests}
          onChange={(e) => setGuests(e.target.value)}
        />
      </div>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-consent`}
          type="checkbox"
          className="mt-1 size-4 accent-primary"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <Label htmlFor={`${id}-consent`} className="font-normal">
          Photos from the event may go to my listing’s gallery
        </Label>
      </div>
      {mine.feeCents > 0 ? (
        <p className="text-sm">{feeText(mine.feeCents, mine.currency)}</p>
      ) : null}
      <OutcomeMessage outcome={outcome} />
      <Button type="submit" disabled={book.isPending} className="w-full sm:w-fit">
        Book the {celebrationKindLabels[kind].toLowerCase()}
      </Button>
    </form>
  );
}
