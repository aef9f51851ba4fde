import {
  type CheckInParty,
  type CheckInResult,
  type DoorAttendee,
  formatMoney,
  isStaffRole,
} from '@chamber/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import {
  downloadAttendeesCsv,
  useAttendeeCheckIn,
  useCheckIn,
  useCheckInList,
  useDoorPayment,
  useUndoAttendeeCheckIn,
  useWalkIn,
} from '../api/check-in';
import { beep, type Tone } from './door-signal';

const timeIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** An attendee's name, or their seat in the order while unnamed. */
const attendeeName = (a: DoorAttendee, party: CheckInParty) =>
  a.name?.trim() || `Guest ${a.position} of ${party.name}`;

const noticeClass: Record<Tone, string> = {
  ok: 'font-medium text-success',
  warn: 'font-medium text-amber-700 dark:text-amber-300',
  error: 'font-medium text-destructive',
};
const flashClass: Record<Tone, string> = {
  ok: 'bg-green-500/40',
  warn: 'bg-amber-400/50',
  error: 'bg-red-600/40',
};

/**
 * The door of an event, made for a phone: scan a guest's QR code or find them by name, check
 * them in (an order's attendees one by one, with undo), add walk-ins; the counts stay current
 * (other phones at the door refresh in 10 s). The scanner keeps scanning: each result flashes
 * the screen green (in), amber (already in) or red (refused) with a short beep.
 */
export function CheckInPage({ id }: { id: string }) {
  const list = useCheckInList(id);
  const checkIn = useCheckIn(id);
  const attendeeCheckIn = useAttendeeCheckIn(id);
  const undoCheckIn = useUndoAttendeeCheckIn(id);
  const doorPayment = useDoorPayment(id);
  const { user } = useAuth();
  // Money at the door is recorded by the chamber's staff (the organizer sees what is owed).
  const takesPayments = user ? isStaffRole(user.role) : false;
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<{ tone: Tone; text: string; at: number } | null>(null);
  const [scanning, setScanning] = useState(false);
  const [printing, setPrinting] = useState(false);
  const tell = useCallback((tone: Tone, text: string) => {
    setNotice({ tone, text, at: Date.now() });
    beep(tone);
  }, []);
  const listZone = list.data?.event.timezone ?? 'UTC';
  const scanned = useCallback(
    async (code: string) => {
      try {
        const result = await checkIn.mutateAsync({ code });
        const at = timeIn(
          (result.attendee ?? result.party).checkedInAt ?? new Date().toISOString(),
          listZone,
        );
        const who = result.attendee
          ? attendeeName(result.attendee, result.party)
          : result.party.name;
        tell(
          result.alreadyCheckedIn ? 'warn' : 'ok',
          result.alreadyCheckedIn
            ? `${who}: Already checked in at ${at}`
            : `${who} checked in at ${at}`,
        );
      } catch (err) {
        tell('error', err instanceof Error ? err.message : 'Check-in failed');
      }
    },
    [checkIn, tell, listZone],
  );
  useEffect(() => {
    if (!printing) return;
    // Printed after the list has been drawn; the browser's dialog blocks until it closes.
    const frame = requestAnimationFrame(() => {
      window.print();
      setPrinting(false);
    });
    return () => cancelAnimationFrame(frame);
  }, [printing]);

  if (list.isPending) return <p className="p-4">Loading guests…</p>;
  if (list.isError) {
    return (
      <p role="alert" className="p-4 text-destructive">
        {list.error.message}
      </p>
    );
  }
  const { event, counts, parties } = list.data;
  const zone = event.timezone;

  const said = (result: CheckInResult) => {
    const who = result.attendee ? attendeeName(result.attendee, result.party) : result.party.name;
    const at = timeIn((result.attendee ?? result.party).checkedInAt!, zone);
    tell(
      result.alreadyCheckedIn ? 'warn' : 'ok',
      result.alreadyCheckedIn
        ? `${who}: Already checked in at ${at}`
        : `${who} checked in at ${at}`,
    );
    void list.refetch();
  };
  const send = async (body: { registrationId: string }) => {
    try {
      said(await checkIn.mutateAsync(body));
    } catch (err) {
      tell('error', err instanceof Error ? err.message : 'Check-in failed');
    }
  };
  const sendAttendee = async (attendeeId: string) => {
    try {
      said(await attendeeCheckIn.mutateAsync({ attendeeId }));
    } catch (err) {
      tell('error', err instanceof Error ? err.message : 'Check-in failed');
    }
  };
  const undo = async (attendee: DoorAttendee, party: CheckInParty) => {
    try {
      await undoCheckIn.mutateAsync(attendee.id);
      tell('warn', `${attendeeName(attendee, party)}: check-in undone`);
      void list.refetch();
    } catch (err) {
      tell('error', err instanceof Error ? err.message : 'Could not undo the check-in');
    }
  };

  const pay = async (party: CheckInParty, method: 'cash' | 'card' | 'check', reference: string) => {
    try {
      await doorPayment.mutateAsync({ registrationId: party.id, method, reference });
      tell(
        'ok',
        `${party.name}: ${formatMoney(party.ticket!.amountCents, party.ticket!.currency)} paid`,
      );
      void list.refetch();
      return true;
    } catch (err) {
      tell('error', err instanceof Error ? err.message : 'Could not record the payment');
      return false;
    }
  };

  const needle = query.trim().toLowerCase();
  const shown = needle
    ? parties.filter((p) => `${p.name} ${p.email}`.toLowerCase().includes(needle))
    : parties;

  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 px-3 py-6 sm:px-4 sm:py-10">
      <header className="grid gap-1">
        <h1 className="text-xl font-semibold">Check-in: {event.title}</h1>
        <Link to={paths.event.href(event.id)} className="text-sm text-primary hover:underline">
          Back to the event
        </Link>
      </header>
      <dl aria-label="Counts" className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            ['Registered', counts.registered],
            ['Checked in', counts.checkedIn],
            ['No-shows', counts.noShows],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p role="status" data-tone={notice?.tone} className={notice ? noticeClass[notice.tone] : ''}>
        {notice?.text}
      </p>
      {notice ? <Flash key={notice.at} tone={notice.tone} /> : null}
      {scanning ? (
        <Scanner onCode={scanned} onClose={() => setScanning(false)} />
      ) : (
        <Button type="button" size="lg" onClick={() => setScanning(true)}>
          Scan a QR code
        </Button>
      )}
      <label className="grid gap-1">
        <span className="text-sm font-medium">Search by name</span>
        <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <ul aria-label="Guests" className="grid divide-y rounded-md border">
        {shown.map((p) => (
          <GuestRow
            key={p.id}
            party={p}
            zone={zone}
            onCheckIn={() => void send({ registrationId: p.id })}
            onAttendee={(a) => void sendAttendee(a.id)}
            onUndo={(a) => void undo(a, p)}
            busy={attendeeCheckIn.isPending || undoCheckIn.isPending}
            onPay={takesPayments ? (method, reference) => pay(p, method, reference) : null}
            paying={doorPayment.isPending}
          />
        ))}
        {shown.length === 0 ? <li className="p-3 text-muted-foreground">No guest found.</li> : null}
      </ul>
      <WalkInCard id={id} onAdded={said} />
      <section aria-labelledby="attendee-list-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="attendee-list-heading" className="font-semibold">
            Attendee list
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => setPrinting(true)}>
              Print the list
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                downloadAttendeesCsv(id).catch((err: unknown) =>
                  tell('error', err instanceof Error ? err.message : 'Could not download'),
                );
              }}
            >
              Download CSV
            </Button>
          </div>
        </div>
        <PrintableList title={event.title} zone={zone} parties={parties} />
      </section>
    </div>
  );
}

/** The whole screen flashes the result's colour for a moment (nothing to read: the status says it). */
function Flash({ tone }: { tone: Tone }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(false), 450);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div
      aria-hidden="true"
      data-flash={tone}
      className={`pointer-events-none fixed inset-0 z-50 animate-fade-out print:hidden ${flashClass[tone]}`}
      style={{ animationDelay: '250ms', animationFillMode: 'forwards' }}
    />
  );
}

interface ListRow {
  key: string;
  table: number | null;
  name: string;
  type: string;
  checkedInAt: string | null;
}

/** One row per attendee of an order (by table) and per plain party, as the CSV has them. */
function listRows(parties: CheckInParty[]): ListRow[] {
  const ordered = [...parties].sort(
    (a, b) => (a.table ?? Infinity) - (b.table ?? Infinity) || a.name.localeCompare(b.name),
  );
  return ordered.flatMap((p) =>
    p.attendees.length === 0
      ? [
          {
            key: p.id,
            table: null,
            name: p.guests > 1 ? `${p.name} (party of ${p.guests})` : p.name,
            type: '',
            checkedInAt: p.checkedInAt,
          },
        ]
      : p.attendees.map((a) => ({
          key: a.id,
          table: p.table,
          name: attendeeName(a, p),
          type: a.typeName,
          checkedInAt: a.checkedInAt,
        })),
  );
}

/** The attendee list, on screen and on paper (print CSS prints this table alone). */
function PrintableList({
  title,
  zone,
  parties,
}: {
  title: string;
  zone: string;
  parties: CheckInParty[];
}) {
  const rows = listRows(parties);
  return (
    <div data-print-only className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm">
        <caption className="p-2 text-left font-medium">Attendees: {title}</caption>
        <thead className="border-b bg-muted/50">
          <tr>
            <th scope="col" className="whitespace-nowrap p-2">
              Table
            </th>
            <th scope="col" className="p-2">
              Name
            </th>
            <th scope="col" className="p-2">
              Type
            </th>
            <th scope="col" className="p-2">
              Checked in
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((r) => (
            <tr key={r.key}>
              <td className="p-2">{r.table ?? ''}</td>
              <td className="p-2">{r.name}</td>
              <td className="p-2">{r.type}</td>
              <td className="p-2">{r.checkedInAt ? timeIn(r.checkedInAt, zone) : ''}</td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className="p-2 text-muted-foreground">
                Nobody has registered yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

type PayMethod = 'cash' | 'card' | 'check';
const payMethods: { value: PayMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'check', label: 'Check' },
];

function GuestRow({
  party,
  zone,
  onCheckIn,
  onAttendee,
  onUndo,
  busy,
  onPay,
  paying,
}: {
  party: CheckInParty;
  zone: string;
  onCheckIn: () => void;
  onAttendee: (attendee: DoorAttendee) => void;
  onUndo: (attendee: DoorAttendee) => void;
  busy: boolean;
  onPay: ((method: PayMethod, reference: string) => Promise<boolean>) | null;
  paying: boolean;
}) {
  const ticket = party.ticket;
  const owes = ticket?.status === 'unpaid';
  const attendees = party.attendees;
  const inCount = attendees.filter((a) => a.checkedInAt !== null).length;
  return (
    <li className="grid gap-2 p-3">
      <div className="flex items-center justify-between gap-3">
        <span className="grid min-w-0">
          <span className="font-medium">{party.name}</span>
          <span className="text-sm text-muted-foreground">
            {party.table !== null ? `Table ${party.table} · ` : ''}
            {party.guests === 1 ? '1 person' : `${party.guests} people`}
            {party.walkIn ? ' · walk-in' : ''}
            {attendees.length > 0 ? ` · ${inCount} of ${attendees.length} in` : ''}
          </span>
          {ticket ? (
            <span className={owes ? 'text-sm font-semibold' : 'text-sm font-medium text-success'}>
              {owes
                ? `Owes ${formatMoney(ticket.amountCents, ticket.currency)}`
                : `${formatMoney(ticket.amountCents, ticket.currency)} ${ticket.status}`}
            </span>
          ) : null}
        </span>
        {attendees.length === 0 || inCount === 0 ? (
          <CheckInState
            party={party}
            zone={zone}
            onCheckIn={onCheckIn}
            all={attendees.length > 0}
          />
        ) : null}
      </div>
      {attendees.length > 0 ? (
        <ul aria-label={`Guests of ${party.name}`} className="grid gap-1 border-l-2 pl-3">
          {attendees.map((a) => (
            <AttendeeRow
              key={a.id}
              attendee={a}
              name={attendeeName(a, party)}
              zone={zone}
              busy={busy}
              onCheckIn={() => onAttendee(a)}
              onUndo={() => onUndo(a)}
            />
          ))}
        </ul>
      ) : null}
      {owes && onPay ? <PaymentForm party={party} onPay={onPay} paying={paying} /> : null}
    </li>
  );
}

/** Record payment: the method (a check needs its number), then the whole amount is paid. */
function PaymentForm({
  party,
  onPay,
  paying,
}: {
  party: CheckInParty;
  onPay: (method: PayMethod, reference: string) => Promise<boolean>;
  paying: boolean;
}) {
  const [method, setMethod] = useState<PayMethod>('cash');
  const [reference, setReference] = useState('');
  const amount = formatMoney(party.ticket!.amountCents, party.ticket!.currency);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={`Record payment for ${party.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void onPay(method, method === 'check' ? reference : '');
      }}
    >
      <fieldset className="flex flex-wrap gap-x-3 gap-y-1">
        <legend className="sr-only">How {party.name} paid</legend>
        {payMethods.map((m) => (
          <label key={m.value} className="flex min-h-9 items-center gap-1.5 text-sm">
            <input
              type="radio"
              name={`method-${party.id}`}
              value={m.value}
              checked={method === m.value}
              onChange={() => setMethod(m.value)}
              className="size-4 accent-primary"
            />
            {m.label}
          </label>
        ))}
      </fieldset>
      {method === 'check' ? (
        <label className="grid gap-1 text-sm font-medium">
          Check number
          <Input
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            required
            autoComplete="off"
            className="w-32"
          />
        </label>
      ) : null}
      <Button type="submit" variant="outline" disabled={paying} className="ml-auto">
        Record payment
        <span className="sr-only">
          {' '}
          of {amount} for {party.name}
        </span>
      </Button>
    </form>
  );
}

function CheckInState({
  party,
  zone,
  onCheckIn,
  all,
}: {
  party: CheckInParty;
  zone: string;
  onCheckIn: () => void;
  /** An order: the button checks in every attendee of it. */
  all: boolean;
}) {
  return (
    <>
      {party.checkedInAt ? (
        <span className="text-sm font-medium text-success">
          Checked in at {timeIn(party.checkedInAt, zone)}
        </span>
      ) : (
        <Button
          type="button"
          variant={all ? 'outline' : 'default'}
          onClick={onCheckIn}
          aria-label={all ? `Check in all guests of ${party.name}` : `Check in ${party.name}`}
        >
          {all ? 'Check in all' : 'Check in'}
        </Button>
      )}
    </>
  );
}

/** One attendee of an order: their name and type, and check in or undo. */
function AttendeeRow({
  attendee,
  name,
  zone,
  busy,
  onCheckIn,
  onUndo,
}: {
  attendee: DoorAttendee;
  name: string;
  zone: string;
  busy: boolean;
  onCheckIn: () => void;
  onUndo: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span className="grid min-w-0">
        <span className="text-sm font-medium">{name}</span>
        <span className="text-xs text-muted-foreground">
          {attendee.typeName}
          {attendee.checkedInAt ? (
            <span className="font-medium text-success">
              {' '}
              · Checked in at {timeIn(attendee.checkedInAt, zone)}
            </span>
          ) : null}
        </span>
      </span>
      {attendee.checkedInAt ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={onUndo}
          aria-label={`Undo check-in of ${name}`}
        >
          Undo
        </Button>
      ) : (
        <Button
          type="button"
          size="sm"
          disabled={busy}
          onClick={onCheckIn}
          aria-label={`Check in ${name}`}
        >
          Check in
        </Button>
      )}
    </li>
  );
}

function WalkInCard({ id, onAdded }: { id: string; onAdded: (result: CheckInResult) => void }) {
  const walkIn = useWalkIn(id);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">Add a walk-in</h2>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            const target = e.currentTarget;
            setError(null);
            walkIn
              .mutateAsync({
                name: String(form.get('name') ?? ''),
                email: String(form.get('email') ?? ''),
                numberOfGuests: Number(form.get('guests') ?? 1),
              })
              .then((result) => {
                target.reset();
                onAdded(result);
              })
              .catch((err: unknown) =>
                setError(err instanceof Error ? err.message : 'Could not add the walk-in'),
              );
          }}
        >
          <label className="grid gap-1 text-sm font-medium">
            Full Name*
            <Input name="name" required autoComplete="off" />
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Email (optional)
            <Input name="email" type="email" autoComplete="off" />
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Number of Guests
            <Input name="guests" type="number" min={1} max={10} step={1} defaultValue={1} />
          </label>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="outline" disabled={walkIn.isPending}>
            Add and check in
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

/** After a result the scanner waits this long before it reads again (the guest steps on). */
const SCAN_PAUSE_MS = 1500;
/** The same code read again within this time is the same guest still in front of the camera. */
const SAME_CODE_MS = 4000;

/**
 * The camera, read for QR codes until stopped: the browser's BarcodeDetector where there is
 * one (Chrome on Android), else jsQR on the frames, loaded only when a scan starts. After each
 * code it pauses a moment and reads on, without a tap; the same code held up again is ignored
 * for a few seconds.
 */
function Scanner({
  onCode,
  onClose,
}: {
  onCode: (code: string) => Promise<void>;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  // The latest handler, so that a new render does not restart the camera.
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let last: { code: string; at: number } | null = null;
    let stream: MediaStream | null = null;
    let stopped = false;
    let frame = 0;
    let timer = 0;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
        });
        const el = video.current!;
        el.srcObject = stream;
        await el.play();
        const Native = (globalThis as { BarcodeDetector?: new (o: object) => Detector })
          .BarcodeDetector;
        const native = Native ? new Native({ formats: ['qr_code'] }) : null;
        const jsQR = native ? null : (await import('jsqr')).default;
        const tick = async () => {
          if (stopped) return;
          if (el.readyState >= 2) {
            let found: string | undefined;
            if (native) {
              found = (await native.detect(el))[0]?.rawValue;
            } else if (jsQR && context) {
              canvas.width = el.videoWidth;
              canvas.height = el.videoHeight;
              context.drawImage(el, 0, 0);
              const image = context.getImageData(0, 0, canvas.width, canvas.height);
              found = jsQR(image.data, image.width, image.height)?.data;
            }
            const repeated = found && last?.code === found && Date.now() - last.at < SAME_CODE_MS;
            if (found && !repeated) {
              last = { code: found, at: Date.now() };
              await handler.current(found);
              if (stopped) return;
              timer = window.setTimeout(() => {
                frame = requestAnimationFrame(() => void tick());
              }, SCAN_PAUSE_MS);
              return;
            }
          }
          frame = requestAnimationFrame(() => void tick());
        };
        void tick();
      } catch {
        setError('The camera is not available here. Search by name instead.');
      }
    })();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="grid gap-2">
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          className="w-full rounded-md bg-black"
          aria-label="Camera"
        />
      )}
      <Button type="button" variant="outline" onClick={onClose}>
        Stop scanning
      </Button>
    </div>
  );
}
