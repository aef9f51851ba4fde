import type { Chamber } from '@chamber/contract';
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
    map: {
      tileUrl: 'http://localhost/tiles/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
      region: { west: -112.08, south: 40.44, east: -111.8, north: 40.64 },
    },
  },
  location: undefined,
  name: 'Riverton Area Chamber of Commerce',
  shortName: 'RACC',
  locationError: null,
};

/** The demo chamber's record, every embed empty (the portal's own forms show). */
export function makeLocation(overrides: Partial<Chamber> = {}): Chamber {
  return {
    id: 'loc-1',
    name: 'Riverton Area Chamber of Commerce',
    shortName: 'RACC',
    address1: '12830 S Redwood Rd',
    city: 'Riverton',
    state: 'UT',
    postalCode: '84065',
    phone: '(801) 555-0142',
    email: 'info@rivertonchamber.example',
    website: 'https://rivertonchamber.example',
    socialUrl: 'https://www.facebook.com/rivertonchamber.example',
    logoUrl: '',
    accentColor: '#1f5f8b',
    timezone: 'America/Denver',
    coursesUrl: '',
    basicSignupUrl: '',
    enhancedSignupUrl: '',
    eliteSignupUrl: '',
    businessOfMonthSurveyUrl: '',
    customerServiceSurveyUrl: '',
    contactFormUrl: '',
    formEmbedScriptUrl: '',
    ...overrides,
  };
}

/**
 * Renders `ui` with the app's data, chamber, auth and router context (no theme or toasts).
 * `chamber` replaces parts of the test chamber (e.g. its `location`); `route` is the address
 * the router starts at (with its query string); `queryClient` one holding data already.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    chamber,
    route = '/',
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  }: {
    chamber?: Partial<ChamberContextValue>;
    route?: string;
    /** A client holding data already (as a server-rendered page's). */
    queryClient?: QueryClient;
  } = {},
) {
  render(
    <QueryClientProvider client={queryClient}>
      <ChamberContext value={{ ...testChamber, ...chamber }}>
        <AuthProvider>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </AuthProvider>
      </ChamberContext>
    </QueryClientProvider>,
  );
  return { queryClient };
}
