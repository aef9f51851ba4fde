import { PAGE_STATE_ID } from '@chamber/contract/page-data';
import './index.css';

// The app's scripts are evaluated in turns, each in a task of its own, with the browser free
// to paint and answer input between them: React's DOM renderer first (the largest), then the
// router, then the query cache and the providers, then tailwind-merge's class map, then the
// app, which hydrates the page.
// Evaluated at once, as one static import graph, they were one task of 630–740 ms on a
// phone's CPU, the largest single part of a public page's blocking time (decision 167).

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const serverRendered = document.getElementById(PAGE_STATE_ID) !== null && root.hasChildNodes();
// Present until the hydrated page has committed (AppProvider removes it): what a browser test
// or a tool waits on before it types into the page's controls.
if (serverRendered) document.documentElement.dataset.hydrating = '';

/** A turn of the event loop: what is queued (input, painting) runs before what follows. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Once the page has painted: a frame, then a task after it. A hidden tab paints nothing and
 * runs no frames, so it goes on at once.
 */
const painted = () =>
  document.visibilityState === 'hidden'
    ? Promise.resolve()
    : new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Asks for every chunk of the turns at once (the build lists them in index.html,
 * scripts/preload-boot.ts), so none waits for the turn before it to be fetched.
 */
function preloadTurns() {
  const list = document.getElementById('app-scripts')?.textContent;
  if (!list) return;
  for (const href of JSON.parse(list) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

void (async () => {
  if (serverRendered) await painted();
  preloadTurns();
  // Modules of the app, not packages: a dynamic import of a package keeps all its exports.
  await import('react-dom/client');
  await nextTask();
  await import('./app/router');
  await nextTask();
  await import('./app/provider');
  await nextTask();
  // tailwind-merge builds its class map on its first call (10 ms of a desktop CPU, four times
  // that on a phone's): here, in a turn of its own, not inside hydration's first component.
  (await import('./lib/utils')).cn('');
  await nextTask();
  const { start } = await import('./app/start');
  await start(root, serverRendered);
})();
