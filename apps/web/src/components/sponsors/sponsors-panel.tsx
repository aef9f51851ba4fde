import { formatDateKey, type SponsorSummary } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { DownloadButton } from '@/components/files/download-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import {
  sponsorReportQueryOptions,
  sponsorsQueryOptions,
  sponsorshipSettingsQueryOptions,
  uploadSponsorLogo,
  useSaveCreative,
  useSaveSponsorshipSettings,
} from '@/lib/api/sponsors';
import { readFileAsDataUrl } from '@/lib/media/image-file';

const slotLabel = (slot: string) =>
  slot.startsWith('event:')
    ? 'Event page'
    : ({ home: 'Home page', calendar: 'Calendar', directory: 'Directory', jobs: 'Job board' }[
        slot
      ] ?? slot);

const day = (key: string) =>
  formatDateKey(key, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The sponsorships sold (staff) or the caller's businesses' (a sponsor's people): what each
 * shows (logo, alt text, link, editable by staff and the primary or billing person) and its
 * report of impressions and clicks per placement per day.
 */
export function SponsorsPanel({ staff }: { staff: boolean }) {
  const sponsors = useQuery(sponsorsQueryOptions(staff));
  if (sponsors.isError) {
    return (
      <p role="alert" className="text-destructive">
        Failed to load the sponsorships
      </p>
    );
  }
  if (!sponsors.data) return <Skeleton className="h-24 rounded-xl" aria-busy="true" />;
  if (sponsors.data.length === 0) {
    return staff ? <p className="text-muted-foreground">No sponsorships sold yet.</p> : null;
  }
  return (
    <ul className="grid gap-4" aria-label="Sponsors">
      {sponsors.data.map((s) => (
        <li key={s.id} className="bg-card grid min-w-0 gap-3 rounded-xl border p-4 sm:p-6">
          <SponsorCard sponsor={s} />
        </li>
      ))}
    </ul>
  );
}

function SponsorCard({ sponsor: s }: { sponsor: SponsorSummary }) {
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">
            {s.businessName}: {s.packageName}
          </h3>
          <p className="text-muted-foreground text-sm">
            {day(s.startsOn)} to {day(s.endsOn)} · {s.slots.map(slotLabel).join(' · ')}
          </p>
        </div>
        {s.status !== 'confirmed' ? <Badge variant="outline">{s.status}</Badge> : null}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {s.logoUrl ? (
          <img
            src={s.logoUrl}
            alt={s.logoAlt || s.businessName}
            className="h-10 w-auto max-w-[8rem] rounded bg-white object-contain p-1"
          />
        ) : (
          <span className="text-muted-foreground">No logo yet</span>
        )}
        {s.link ? <span className="break-all">{s.link}</span> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={editing}
          onClick={() => setEditing((v) => !v)}
          aria-label={`Logo and link of ${s.businessName}`}
        >
          Logo and link
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={reporting}
          onClick={() => setReporting((v) => !v)}
          aria-label={`Report of ${s.businessName}: ${s.packageName}`}
        >
          Report
        </Button>
      </div>
      {editing ? <CreativeForm sponsor={s} onDone={() => setEditing(false)} /> : null}
      {reporting ? <SponsorReportView id={s.id} /> : null}
    </>
  );
}

function CreativeForm({ sponsor, onDone }: { sponsor: SponsorSummary; onDone: () => void }) {
  const id = useId();
  const save = useSaveCreative();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(sponsor.logoAlt);
  const [link, setLink] = useState(sponsor.link ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const logoUrl = file
        ? await uploadSponsorLogo(sponsor.memberId, file, await readFileAsDataUrl(file))
        : sponsor.logoUrl;
      await save.mutateAsync({
        id: sponsor.id,
        body: { logoUrl, logoAlt: alt, link: link.trim() || null },
      });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid max-w-xl gap-3">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-logo`}>Logo (JPEG or PNG)</Label>
        <Input
          id={`${id}-logo`}
          type="file"
          accept="image/jpeg,image/png"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-alt`}>Alt text</Label>
        <Input
          id={`${id}-alt`}
          value={alt}
          maxLength={200}
          onChange={(e) => setAlt(e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-link`}>Link</Label>
        <Input
          id={`${id}-link`}
          type="url"
          placeholder="https://"
          value={link}
          onChange={(e) => setLink(e.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          Save logo and link
        </Button>
      </div>
    </form>
  );
}

function SponsorReportView({ id }: { id: string }) {
  const report = useQuery(sponsorReportQueryOptions(id));
  if (report.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        Failed to load the sponsor report
      </p>
    );
  }
  if (!report.data) return <Skeleton className="h-16 rounded-lg" aria-busy="true" />;
  const { totals, days, sponsor } = report.data;
  return (
    <div className="grid gap-3 overflow-x-auto">
      <div>
        <DownloadButton
          path={`/sponsors/${encodeURIComponent(id)}/report.pdf`}
          filename={`sponsor-report-${sponsor.startsOn}.pdf`}
          failureMessage="Failed to download the sponsor report"
        >
          Report PDF
        </DownloadButton>
      </div>
      <table className="w-full text-left text-sm" aria-label="Totals per placement">
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-4">
              Placement
            </th>
            <th scope="col" className="py-1 pr-4 text-right">
              Impressions
            </th>
            <th scope="col" className="py-1 text-right">
              Clicks
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={t.slot} className="border-t">
              <th scope="row" className="py-1 pr-4 font-normal">
                {slotLabel(t.slot)}
              </th>
              <td className="py-1 pr-4 text-right tabular-nums">{t.impressions}</td>
              <td className="py-1 text-right tabular-nums">{t.clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {days.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium underline underline-offset-4">
            Per day
          </summary>
          <table className="mt-2 w-full text-left text-sm" aria-label="Per placement per day">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Day
                </th>
                <th scope="col" className="py-1 pr-4">
                  Placement
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  Impressions
                </th>
                <th scope="col" className="py-1 text-right">
                  Clicks
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={`${d.day}-${d.slot}`} className="border-t">
                  <td className="py-1 pr-4">{day(d.day)}</td>
                  <td className="py-1 pr-4">{slotLabel(d.slot)}</td>
                  <td className="py-1 pr-4 text-right tabular-nums">{d.impressions}</td>
                  <td className="py-1 text-right tabular-nums">{d.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : (
        <p className="text-muted-foreground text-sm">No impressions counted yet.</p>
      )}
    </div>
  );
}

/** Staff's setting: hold a sponsor whose invoice is unpaid after its due date. */
export function HoldUnpaidSetting() {
  const settings = useQuery(sponsorshipSettingsQueryOptions());
  const save = useSaveSponsorshipSettings();
  const id = useId();
  if (!settings.data) return null;
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={settings.data.holdUnpaid}
        disabled={save.isPending}
        onCheckedChange={(checked) => save.mutate({ holdUnpaid: checked === true })}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>Hold unpaid sponsors</Label>
        <p className="text-muted-foreground text-sm">
          A sponsor whose invoice is unpaid after its due date is not shown until it is paid.
        </p>
      </div>
    </div>
  );
}
