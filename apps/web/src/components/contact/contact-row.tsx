import type { ReactNode } from 'react';

/** Links in a contact card: phone, email, website, map. */
export const contactLinkClass = 'rounded-sm font-medium wrap-anywhere text-primary hover:underline';

/** One line of a contact card (member or chamber office): an icon, a small label, the value. */
export function ContactRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex min-w-0 gap-3">
      <span className="mt-0.5 text-primary [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {label}
        </span>
        {children}
      </div>
    </li>
  );
}

/** A postal address, a line each. */
export function AddressLines({ lines }: { lines: string[] }) {
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
