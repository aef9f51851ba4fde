import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { Footer } from './footer';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Footer', () => {
  it('dates the copyright line from the present, not a year written in the code', () => {
    vi.useFakeTimers({ now: new Date('2031-03-04T12:00:00Z'), toFake: ['Date'] });
    stubApi({});
    renderWithProviders(<Footer />);
    expect(
      screen.getByText('© 2031 Riverton Area Chamber of Commerce. All rights reserved.'),
    ).toBeTruthy();
  });
});
