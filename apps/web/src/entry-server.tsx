import { PassThrough } from 'node:stream';
import {
  matchAppPath,
  type PageDataSource,
  type RenderedPage,
  type RenderOptions,
  type ServerRenderer,
} from '@chamber/contract';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { pageData, rendersQuery } from './app/page-data';
import { AppProvider, createQueryClient } from './app/provider';
import { routes } from './app/routes';
import { accentStyle } from './lib/accent';
import { appConfigQueryOptions, locationQueryOptions } from './lib/api/chamber';

const handler = createStaticHandler(routes);

/** The whole document part, once every Suspense boundary has resolved. */
function renderToText(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Every Suspense boundary written in place: React otherwise moves a large one (past
      // 12.8 kB) after the page and shows it with an inline script, which the page's
      // Content-Security-Policy refuses (and the browser then draws it again, error 419).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) return reject(failed instanceof Error ? failed : new Error(String(failed)));
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.pipe(sink);
      },
      onShellError: reject,
      // An error inside the page: the browser would render it again; the server gives up on it.
      onError(error) {
        failed ??= error;
      },
    });
  });
}

/**
 * A public page as an anonymous visitor sees it, drawn from the data the server hands in
 * (read in-process from its services), or null when it is not server-rendered.
 */
export const render: ServerRenderer['render'] = async (
  pathname: string,
  source: PageDataSource,
  options: RenderOptions = {},
): Promise<RenderedPage | null> => {
  const url = new URL(pathname, 'http://portal.invalid');
  url.search = options.search ?? '';
  const request = new Request(url);
  const route = matchAppPath(url.pathname);
  const load = route ? pageData[route.name] : undefined;
  if (!route || !load) return null;
  const search = url.searchParams;
  if ((options.withQuery || search.size > 0) && !rendersQuery(route.name, search)) return null;

  const queryClient = createQueryClient();
  const now = options.now ?? new Date();
  const config = await source.config();
  queryClient.setQueryData(appConfigQueryOptions().queryKey, config);
  // The chamber's accent, as ChamberProvider would set it once the app runs.
  let rootStyle = '';
  if (config.locationId) {
    const location = await source.location(config.locationId);
    if (location) {
      queryClient.setQueryData(locationQueryOptions(config.locationId).queryKey, location);
      if (location.accentColor) rootStyle = accentStyle(location.accentColor);
    }
  }
  if (!(await load({ params: route.params, search, source, queryClient, config, now })))
    return null;

  const context = await handler.query(request);
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToText(
    <StrictMode>
      <AppProvider queryClient={queryClient} serverRendered renderedAt={now.getTime()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  // The moment it was drawn at rides with the data: the browser hydrates at the same one.
  const state = JSON.stringify({ ...dehydrate(queryClient), renderedAt: now.getTime() });
  queryClient.clear();
  return rootStyle ? { html, state, rootStyle } : { html, state };
};
