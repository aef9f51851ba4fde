import type { ReactNode } from 'react';
import { PageBody, PageHeader } from '@/components/layout/page-header';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

/** docs/product.md#screens: the privacy policy (and the terms with it) take effect on October 1, 2025. */
export const LEGAL_EFFECTIVE_DATE = 'October 1, 2025';

/** A legal text: its title and effective date, a table of contents, and numbered sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHeader title={title} description={`Effective ${LEGAL_EFFECTIVE_DATE}`} />
      <PageBody className="grid grid-cols-1 items-start gap-10 lg:grid-cols-[16rem_1fr]">
        <nav
          aria-label="On this page"
          className="rounded-xl border bg-surface p-5 text-sm lg:sticky lg:top-32"
        >
          <p className="mb-3 font-semibold">On this page</p>
          <ol className="grid list-decimal gap-2 pl-5 text-muted-foreground">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded-sm hover:text-foreground hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="grid max-w-3xl gap-10 leading-7">
          <div className="grid gap-4 text-lg">{intro}</div>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="grid scroll-mt-32 gap-4 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_li]:pl-1 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:pl-6"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              {section.content}
            </section>
          ))}
        </article>
      </PageBody>
    </>
  );
}

/** The chamber's contact block, the last section of both texts. */
export function LegalContact({
  name,
  address,
  email,
  phone,
}: {
  name: string;
  address: string[];
  email: string;
  phone: string;
}) {
  return (
    <address className="grid gap-1 rounded-xl border bg-surface p-5 not-italic">
      <span className="font-semibold">{name}</span>
      {address.map((line) => (
        <span key={line}>{line}</span>
      ))}
      {email ? (
        <span>
          Email: <a href={`mailto:${email}`}>{email}</a>
        </span>
      ) : null}
      {phone ? <span>Phone: {phone}</span> : null}
    </address>
  );
}
