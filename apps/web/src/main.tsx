import { PAGE_STATE_ID } from '@chamber/contract/page-data';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider, createQueryClient } from './app/provider';
import { AppRouter, createAppRouter } from './app/router';
import { startHydrating } from './lib/use-hydrated';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A server-rendered page carries the query data it was drawn from: the browser starts from it
// and draws the same page (as an anonymous visitor), then the session's own view.
const pageState = document.getElementById(PAGE_STATE_ID);
const serverRendered = pageState !== null && root.hasChildNodes();
const queryClient = createQueryClient();
const state = serverRendered
  ? (JSON.parse(pageState.textContent ?? '{}') as DehydratedState & { renderedAt?: number })
  : null;
if (state) {
  hydrate(queryClient, state);
  startHydrating();
  // Present until the hydrated page has committed (AppProvider removes it): what a browser
  // test or a tool waits on before it types into the page's controls.
  document.documentElement.dataset.hydrating = '';
}

void createAppRouter({ hydrating: serverRendered }).then((router) => {
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
});
