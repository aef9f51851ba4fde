import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { ChamberProvider } from '@/lib/chamber/chamber-provider';
import { RenderTimeContext } from '@/lib/render-time';
import { ThemeProvider } from '@/lib/theme-provider';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries network failures; HTTP errors are answers, not retried.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

export function AppProvider({
  children,
  queryClient: given,
  serverRendered = false,
  renderedAt = null,
}: {
  children: ReactNode;
  /** The client holding the server-rendered page's data; a fresh one otherwise. */
  queryClient?: QueryClient;
  /** Hydrating server-rendered HTML: the first render is the anonymous page. */
  serverRendered?: boolean;
  /** The moment the server drew the page at (epoch ms): the clock while hydrating. */
  renderedAt?: number | null;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  // The root's effects run once the whole first render has committed: hydration is over.
  useEffect(() => {
    delete document.documentElement.dataset.hydrating;
  }, []);
  return (
    <RenderTimeContext value={renderedAt}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <ChamberProvider>
            <AuthProvider serverRendered={serverRendered}>
              {children}
              <Toaster />
            </AuthProvider>
          </ChamberProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </RenderTimeContext>
  );
}
