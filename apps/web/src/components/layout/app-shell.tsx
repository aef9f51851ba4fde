import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';

/** Skip link, header, main landmark and footer around every page. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-[calc(0.5rem+var(--safe-top))] focus:left-[calc(0.5rem+var(--safe-left))]"
      >
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 px-safe outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
