import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { locationQueryOptions } from '@/lib/api/chamber';
import { json, stubApi } from '@/test/fake-api';
import { makeLocation, renderWithProviders } from '@/test/render-with-providers';
import { ChamberSettings } from './chamber-settings';

// Slow to render in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const saved = makeLocation();

const { id: _id, timezone: _tz, ...editable } = saved;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

async function renderSettings(put?: (body: unknown) => Response) {
  const api = stubApi({
    'GET /locations/loc-1': () => json(200, saved),
    ...(put ? { 'PUT /locations/loc-1': put } : {}),
  });
  const { queryClient } = renderWithProviders(<ChamberSettings />);
  await screen.findByRole('form', { name: 'Chamber settings' });
  return { api, queryClient };
}

describe('ChamberSettings', () => {
  it('fills the form from the saved record, in its five groups', async () => {
    await renderSettings();
    for (const group of ['Chamber details', 'Contact', 'Look', 'Courses', 'External forms']) {
      expect(screen.getByRole('group', { name: group })).toBeTruthy();
    }
    expect(field('Chamber name*').value).toBe('Riverton Area Chamber of Commerce');
    expect(field('Phone').value).toBe('(801) 555-0142');
    expect(field('Accent colour').value).toBe('#1f5f8b');
    expect(field('Pick the accent colour').value).toBe('#1f5f8b');
    expect(field('Contact form').value).toBe('');
  });

  it('saves, says so, and hands the new record to the whole site at once', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const updated = { ...saved, phone: '(801) 555-0199', accentColor: '#2b6b3f', state: 'UT' };
    const { api, queryClient } = await renderSettings(() => json(200, updated));
    const location = locationQueryOptions('loc-1');
    queryClient.setQueryData(location.queryKey, saved);

    type('Phone', ' (801) 555-0199 ');
    type('Accent colour', '#2b6b3f');
    type('State', 'ut');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings saved'));
    expect(api.bodies('PUT /locations/loc-1')).toEqual([
      { ...editable, phone: '(801) 555-0199', accentColor: '#2b6b3f', state: 'ut' },
    ]);
    expect(queryClient.getQueryData(location.queryKey)).toEqual(updated);
    expect(queryClient.getQueryState(location.queryKey)?.isInvalidated).toBe(true);
    // The form starts again from what the server stored.
    await waitFor(() => expect(field('State').value).toBe('UT'));
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
  });

  it('checks the fields before sending anything', async () => {
    const { api } = await renderSettings(() => json(200, saved));
    type('Chamber name*', ' ');
    type('Contact form', 'http://forms.example/contact');
    type('Logo address', 'logo.png');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Must be an https:// address')).toBeTruthy();
    expect(
      screen.getByText('Upload the logo, or paste an https:// address of an image.'),
    ).toBeTruthy();
    expect(field('Chamber name*').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.route.startsWith('PUT'))).toBe(false);
  });

  it('takes the courses site only as an https address, trimmed', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const learningSite = 'https://learn.rivertonchamber.example';
    const { api } = await renderSettings(() => json(200, { ...saved, coursesUrl: learningSite }));
    expect(field('Courses site').value).toBe('');
    type('Courses site', 'javascript:alert(1)');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText(
        'The courses site must be an https:// address, such as https://learn.example.org',
      ),
    ).toBeTruthy();
    expect(field('Courses site').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.route.startsWith('PUT'))).toBe(false);

    type('Courses site', ` ${learningSite} `);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings saved'));
    expect(api.bodies('PUT /locations/loc-1')).toEqual([{ ...editable, coursesUrl: learningSite }]);
    await waitFor(() => expect(field('Courses site').value).toBe(learningSite));
  });

  it('shows the server’s sentence when it refuses', async () => {
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const refusal = 'logoUrl: upload the logo, or give an https address.';
    await renderSettings(() => json(400, { error: 'bad_request', message: refusal }));
    type('Phone', '(801) 555-0100');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(failure).toHaveBeenCalledWith(refusal));
    expect(screen.getAllByRole('alert').some((a) => a.textContent === refusal)).toBe(true);
    // Nothing typed is lost.
    expect(field('Phone').value).toBe('(801) 555-0100');
  });

  it('keeps the picker and the hex code in step, and previews the shades used', async () => {
    await renderSettings();
    fireEvent.input(field('Pick the accent colour'), { target: { value: '#ffd700' } });
    expect(field('Accent colour').value).toBe('#ffd700');
    // Gold is too light for text on white: light pages get a darker shade.
    expect(screen.getByText(/This colour is shown as #[0-9a-f]{6} on light pages/)).toBeTruthy();

    type('Accent colour', '#12');
    expect(screen.getByText('Enter a colour such as #1f5f8b to see it here.')).toBeTruthy();
  });

  it('offers a retry when the record cannot be loaded', async () => {
    let fail = true;
    stubApi({
      'GET /locations/loc-1': () =>
        fail ? json(500, { error: 'internal', message: 'Database down' }) : json(200, saved),
    });
    renderWithProviders(<ChamberSettings />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database down');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('form', { name: 'Chamber settings' })).toBeTruthy();
  });
});
