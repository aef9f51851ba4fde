import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';

export type AppBrowserRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router. Over server-rendered HTML the matched routes' modules are loaded first
 * (react-router's way for lazy routes and server rendering), so the first render draws the
 * same page the server did instead of the hydrate fallback.
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
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: AppBrowserRouter }) {
  return <RouterProvider router={router} />;
}
