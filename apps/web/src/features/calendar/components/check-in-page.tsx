import { type CheckInParty, type CheckInResult, formatMoney, isStaffRole } from '@chamber/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useCheckIn, useCheckInList, useDoorPayment, useWalkIn } from '../api/check-in';

const timeIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/**
 * The door of an event, made for a phone: scan a guest's QR code or find them by name, check
 * them in, add walk-ins; the counts stay current (other phones at the door refresh in 10 s).
 */
export function CheckInPage({ id }: { id: string }) {
  const list = useCheckInList(id);
  const checkIn = useCheckIn(id);
  const doorPayment = useDoorPayment(id);
  const { user } = useAuth();
  // Money at the door is recorded by the chamber's staff (the organizer sees what is owed).
  const takesPayments = user ? isStaffRole(user.role) : false;
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [scanning, setScanning] = useState(false);

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
    const at = timeIn(result.party.checkedInAt!, zone);
    setNotice(
      result.alreadyCheckedIn
        ? { tone: 'error', text: `${result.party.name}: Already checked in at ${at}` }
        : { tone: 'ok', text: `${result.party.name} checked in at ${at}` },
    );
    void list.refetch();
  };
  const send = async (body: { code: string } | { registrationId: string }) => {
    try {
      said(await checkIn.mutateAsync(body));
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof Error ? err.message : 'Check-in failed' });
    }
  };

  const pay = async (party: CheckInParty, method: 'cash' | 'card' | 'check', reference: string) => {
    try {
      await doorPayment.mutateAsync({ registrationId: party.id, method, reference });
      setNotice({
        tone: 'ok',
        text: `${party.name}: ${formatMoney(party.ticket!.amountCents, party.ticket!.currency)} paid`,
      });
      void list.refetch();
      return true;
    } catch (err) {
      setNotice({
        tone: 'error',
        text: err instanceof Error ? err.message : 'Could not record the payment',
      });
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
      {notice ? (
        <p
          role="status"
          className={
            notice.tone === 'ok' ? 'font-medium text-success' : 'font-medium text-destructive'
          }
        >
          {notice.text}
        </p>
      ) : null}
      {scanning ? (
        <Scanner
          onCode={(code) => {
            setScanning(false);
            void send({ code });
          }}
          onClose={() => setScanning(false)}
        />
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
            onPay={takesPayments ? (method, reference) => pay(p, method, reference) : null}
            paying={doorPayment.isPending}
          />
        ))}
        {shown.length === 0 ? <li className="p-3 text-muted-foreground">No guest found.</li> : null}
      </ul>
      <WalkInCard id={id} onAdded={said} />
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
  onPay,
  paying,
}: {
  party: CheckInParty;
  zone: string;
  onCheckIn: () => void;
  onPay: ((method: PayMethod, reference: string) => Promise<boolean>) | null;
  paying: boolean;
}) {
  const ticket = party.ticket;
  const owes = ticket?.status === 'unpaid';
  return (
    <li className="grid gap-2 p-3">
      <div className="flex items-center justify-between gap-3">
        <span className="grid min-w-0">
          <span className="font-medium">{party.name}</span>
          <span className="text-sm text-muted-foreground">
            {party.guests === 1 ? '1 person' : `${party.guests} people`}
            {party.walkIn ? ' · walk-in' : ''}
          </span>
          {ticket ? (
            <span className={owes ? 'text-sm font-semibold' : 'text-sm font-medium text-success'}>
              {owes
                ? `Owes ${formatMoney(ticket.amountCents, ticket.currency)}`
                : `${formatMoney(ticket.amountCents, ticket.currency)} ${ticket.status}`}
            </span>
          ) : null}
        </span>
        <CheckInState party={party} zone={zone} onCheckIn={onCheckIn} />
      </div>
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
}: {
  party: CheckInParty;
  zone: string;
  onCheckIn: () => void;
}) {
  return (
    <>
      {party.checkedInAt ? (
        <span className="text-sm font-medium text-success">
          Checked in at {timeIn(party.checkedInAt, zone)}
        </span>
      ) : (
        <Button type="button" onClick={onCheckIn} aria-label={`Check in ${party.name}`}>
          Check in
        </Button>
      )}
    </>
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

/**
 * The camera, read for QR codes: the browser's BarcodeDetector where there is one (Chrome on
 * Android), else jsQR on the frames, loaded only when a scan starts.
 */
function Scanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let frame = 0;
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
            if (found) {
              onCode(found);
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
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode]);

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
