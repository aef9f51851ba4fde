import { type HowToPay, howToPayItems } from '@chamber/contract';

/**
 * An invoice's 'How to pay' section as the PDF and the mail print it (howToPayItems): paying
 * online where the portal takes cards, then the ways staff set in the dues settings, else how
 * to reach the chamber; never empty.
 */
export function HowToPaySection({
  howToPay,
  invoiceNumber,
  payOnline,
}: {
  howToPay: HowToPay;
  invoiceNumber: string;
  /** Where to pay by card on this page, when the portal takes cards; else null. */
  payOnline: string | null;
}) {
  return (
    <section className="grid gap-2 text-sm" aria-label={`How to pay invoice ${invoiceNumber}`}>
      <p className="font-semibold">How to pay</p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {howToPayItems(howToPay, invoiceNumber, payOnline).map((item) => (
          <div key={item.label} className="contents">
            <dt className="font-medium text-muted-foreground">{item.label}</dt>
            <dd className="mb-1 whitespace-pre-line sm:mb-0">{item.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
