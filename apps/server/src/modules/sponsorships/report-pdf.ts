import { formatLongDate, type SponsorReport } from '@chamber/contract';
import { type Letterhead, loadPdfPage } from '../billing/index.js';

/** A placement's slot as the report names it. */
export function slotName(slot: string): string {
  if (slot.startsWith('event:')) return 'Event page';
  return (
    { home: 'Home page', calendar: 'Calendar', directory: 'Directory', jobs: 'Job board' }[slot] ??
    slot
  );
}

const count = (n: number) => n.toLocaleString('en-US');
/** Clicks per hundred impressions, one decimal; a dash before any impression. */
const rate = (clicks: number, impressions: number) =>
  impressions > 0 ? `${((clicks / impressions) * 100).toFixed(1)}%` : '–';

/** The file a sponsor report's PDF is saved as: sponsor-report-{business}-{first day}.pdf. */
export function reportFilename(report: SponsorReport): string {
  const name = report.sponsor.businessName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `sponsor-report-${name || 'sponsor'}-${report.sponsor.startsOn}.pdf`;
}

/**
 * The sponsor report's summary as an A4 PDF on the chamber's letterhead, drawn as the
 * invoices are (billing's pdf-page.ts): the sponsor and its package, the period, and the
 * impressions, clicks and click rate per placement with their totals. `today` is the day it
 * is prepared, in the chamber's zone.
 */
export async function renderSponsorReportPdf(
  report: SponsorReport,
  letterhead: Letterhead,
  today: string,
): Promise<Buffer> {
  // pdfkit and the fonts are loaded with the first document drawn, not with the server.
  const { openPdf, drawLetterhead, GREY, LEFT, RIGHT } = await loadPdfPage();
  const { sponsor, totals, days } = report;
  const title = `Sponsor report: ${sponsor.businessName}`;
  const page = openPdf({
    title,
    author: letterhead.name,
    createdAt: new Date(`${today}T12:00:00Z`),
  });
  const { pdf, font, write } = page;
  drawLetterhead(page, letterhead);

  pdf.moveDown(2);
  font('bold').fontSize(18).fillColor('black');
  write('Sponsor report', LEFT, Math.max(pdf.y, 120));
  pdf.moveDown(0.5);
  font('bold').fontSize(12);
  write(sponsor.businessName);
  font('regular').fontSize(10);
  write(sponsor.packageName);
  pdf.moveDown(0.5);
  const period = `${formatLongDate(sponsor.startsOn)} to ${formatLongDate(sponsor.endsOn)}`;
  write(`Period: ${period}`);
  write(`Prepared: ${formatLongDate(today)}`);
  const counted = new Set(days.map((d) => d.day)).size;
  write(`Days with counts: ${counted}`);

  // The totals per placement: placement, impressions, clicks, click rate.
  pdf.moveDown(1.5);
  const columns = { placement: LEFT, impressions: 300, clicks: 390, rate: 465 };
  const row = (cells: [string, string, string, string], y: number) => {
    write(cells[0], columns.placement, y, { width: 240 });
    const bottom = pdf.y;
    write(cells[1], columns.impressions, y, { width: 80, align: 'right' });
    write(cells[2], columns.clicks, y, { width: 65, align: 'right' });
    write(cells[3], columns.rate, y, { width: 80, align: 'right' });
    return Math.max(bottom, pdf.y);
  };
  font('bold').fontSize(10);
  const header = row(['Placement', 'Impressions', 'Clicks', 'Click rate'], pdf.y);
  pdf
    .moveTo(LEFT, header + 4)
    .lineTo(RIGHT, header + 4)
    .strokeColor('#9ca3af')
    .stroke();
  font('regular');
  let y = header + 10;
  for (const t of totals) {
    y =
      row(
        [slotName(t.slot), count(t.impressions), count(t.clicks), rate(t.clicks, t.impressions)],
        y,
      ) + 6;
  }
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  const impressions = totals.reduce((sum, t) => sum + t.impressions, 0);
  const clicks = totals.reduce((sum, t) => sum + t.clicks, 0);
  font('bold').fontSize(11);
  y = row(['Total', count(impressions), count(clicks), rate(clicks, impressions)], y + 8);

  font('regular').fontSize(9).fillColor(GREY);
  write('', LEFT, y + 20);
  write(
    "An impression is the sponsor shown on a page a person's browser opened (bots are not counted, and no cookies are used); a click is a visit to the sponsor's link from the placement. Days are the chamber's.",
    LEFT,
    undefined,
    { width: RIGHT - LEFT },
  );
  return page.finish();
}
