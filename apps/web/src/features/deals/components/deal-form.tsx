import {
  DEAL_CODE_MAX,
  DEAL_OFFER_MAX,
  DEAL_TERMS_MAX,
  type Deal,
  type DealAudience,
  type DealInput,
} from '@chamber/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** Today in the browser's zone as YYYY-MM-DD, the earliest last day the date field offers. */
const todayKey = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** Adding or changing a deal; the server's checks (tier, last day) answer in `error`. */
export function DealForm({
  deal,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  deal: Deal | null;
  pending: boolean;
  error: string | null;
  onSubmit: (input: DealInput) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [offer, setOffer] = useState(deal?.offer ?? '');
  const [code, setCode] = useState(deal?.code ?? '');
  const [validUntil, setValidUntil] = useState(deal?.validUntil ?? '');
  const [terms, setTerms] = useState(deal?.terms ?? '');
  const [audience, setAudience] = useState<DealAudience>(deal?.audience ?? 'public');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ offer, code, validUntil: validUntil || null, terms, audience });
  };

  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-xl border bg-surface p-4 sm:p-5"
      aria-label={deal ? 'Edit deal' : 'Add a deal'}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-offer`}>Offer</Label>
        <Input
          id={`${id}-offer`}
          value={offer}
          onChange={(e) => setOffer(e.target.value)}
          maxLength={DEAL_OFFER_MAX}
          required
          placeholder="10% off your first order"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-code`}>Code (optional)</Label>
          <Input
            id={`${id}-code`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={DEAL_CODE_MAX}
            className="font-mono"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-until`}>Valid until (optional)</Label>
          <Input
            id={`${id}-until`}
            type="date"
            value={validUntil}
            min={todayKey()}
            onChange={(e) => setValidUntil(e.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-terms`}>Terms (optional)</Label>
        <Textarea
          id={`${id}-terms`}
          value={terms}
          onChange={(e) => setTerms(e.target.value)}
          maxLength={DEAL_TERMS_MAX}
          rows={3}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Who sees it</legend>
        {(
          [
            ['public', 'Everyone'],
            ['members', 'Members only (signed in)'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-audience`}
              value={value}
              checked={audience === value}
              onChange={() => setAudience(value)}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : deal ? 'Save Deal' : 'Add Deal'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
