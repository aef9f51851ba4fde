import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { ThemeContext } from '@/lib/theme-provider';
import { Toaster } from './toaster';

const theme = { theme: 'light', resolvedTheme: 'light', setTheme: () => {} } as const;

describe('Toaster', () => {
  it('draws nothing on the server: sonner is no part of the page', () => {
    const html = renderToString(
      <ThemeContext value={theme}>
        <Toaster />
      </ThemeContext>,
    );
    expect(html).toBe('');
  });

  it('shows a toast raised before its code has loaded', async () => {
    const { container } = render(
      <ThemeContext value={theme}>
        <Toaster />
      </ThemeContext>,
    );
    // Not there yet: the outlet fetches sonner after its first render.
    expect(container.querySelector('section')).toBeNull();
    toast.success('Saved before the outlet was there');
    expect(await screen.findByText('Saved before the outlet was there')).toBeTruthy();
  });
});
