import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';

export type AppBrowserRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router. Over server-rendered HTML the matched routes' modules are loaded first
 * (react-router's way for lazy routes and server rendering), so the first render draws the
 * same page the server did instead of the hydrate fallback. The (empty) hydration data tells
 * the router the page was server-rendered: it then leaves the scroll where the visitor took it
 * while the scripts loaded, where it would otherwise scroll to the top as on a fresh load.
 */
export async function createAppRouter({ hydrating }: { hydrating: boolean }) {
  if (hydrating) {
    const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
    await Promise.all(
      lazy.map(async (m) => {
        const load = m.route.lazy as () => Promise<Record<string, unknown>>;
        Object.assign(m.route, { ...(await load()), lazy: undefined });
      }),
    );
  }
  // An arrival from outside the app (a link, Checkout's return) is an entry without the
  // router's state, keyed 'default' like every such arrival in the tab: ScrollRestoration
  // would replay the scroll another of them left. Such an entry gets a key of its own.
  const entry = window.history.state as { key?: string } | null;
  if (!entry?.key) {
    window.history.replaceState({ ...entry, key: Math.random().toString(36).slice(2, 10) }, '');
  }
  // No route has a loader: the server's data is in the query cache, not the router's.
  return createBrowserRouter(routes, hydrating ? { hydrationData: { loaderData: {} } } : {});
}

export function AppRouter({ router }: { router: AppBrowserRouter }) {
  return <RouterProvider router={router} />;
}
