import { PAGE_STATE_ID } from '@chamber/contract/page-data';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startHydrating } from '@/lib/use-hydrated';
import { AppProvider, createQueryClient } from './provider';
import { AppRouter, createAppRouter } from './router';

/**
 * Draws the app into `root` (main.tsx). A server-rendered page carries the query data it was
 * drawn from: the browser starts from it and draws the same page (as an anonymous visitor),
 * then the session's own view.
 */
export async function start(root: HTMLElement, serverRendered: boolean) {
  const queryClient = createQueryClient();
  const pageState = document.getElementById(PAGE_STATE_ID);
  const state =
    serverRendered && pageState
      ? (JSON.parse(pageState.textContent ?? '{}') as DehydratedState & { renderedAt?: number })
      : null;
  if (state) {
    hydrate(queryClient, state);
    startHydrating();
  }

  const router = await createAppRouter({ hydrating: serverRendered });
  const app = (
    <StrictMode>
      <AppProvider
        queryClient={queryClient}
        serverRendered={serverRendered}
        renderedAt={state?.renderedAt ?? null}
      >
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
  // In a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is hydrated.
  if (serverRendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
