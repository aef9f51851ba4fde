import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { ChamberContext, type ChamberContextValue } from '@/lib/chamber/chamber-context';

export const testChamber: ChamberContextValue = {
  config: {
    locationId: 'loc-1',
    calendarId: 'cal-1',
    chamberName: 'Riverton Area Chamber of Commerce',
    publicUrl: 'http://localhost',
  },
  location: undefined,
  name: 'Riverton Area Chamber of Commerce',
  shortName: 'RACC',
  locationError: null,
};

/** Renders `ui` with the app's data, chamber, auth and router context (no theme or toasts). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ChamberContext value={testChamber}>
        <AuthProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </AuthProvider>
      </ChamberContext>
    </QueryClientProvider>,
  );
  return { queryClient };
}
