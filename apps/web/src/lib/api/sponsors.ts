import { endpoints } from '@chamber/contract/endpoints';
import type { SponsorCreativeInput, SponsorshipSettings } from '@chamber/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

const e = endpoints.sponsorships;

export const sponsorKeys = {
  all: ['sponsors'] as const,
  list: (staff: boolean) => ['sponsors', 'list', staff ? 'staff' : 'mine'] as const,
  report: (id: string) => ['sponsors', 'report', id] as const,
  settings: ['sponsors', 'settings'] as const,
};

/** Staff: every sponsorship sold (GET /admin/sponsorships); else the caller's businesses'. */
export const sponsorsQueryOptions = (staff: boolean) =>
  queryOptions({
    queryKey: sponsorKeys.list(staff),
    queryFn: ({ signal }) =>
      api
        .call(staff ? e.sales : e.mine, { signal, errorMessage: 'Failed to load the sponsorships' })
        .then((answer) => answer.sponsors),
  });

/** GET /sponsors/{id}/report: impressions and clicks per placement per day. */
export const sponsorReportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sponsorKeys.report(id),
    queryFn: ({ signal }) =>
      api.call(e.report, {
        params: { id },
        signal,
        errorMessage: 'Failed to load the sponsor report',
      }),
  });

export const sponsorshipSettingsQueryOptions = () =>
  queryOptions({
    queryKey: sponsorKeys.settings,
    queryFn: ({ signal }) =>
      api.call(e.settings, { signal, errorMessage: 'Failed to load the sponsorship settings' }),
  });

export function useSaveCreative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SponsorCreativeInput }) =>
      api.call(e.creative, {
        params: { id },
        body,
        errorMessage: 'Failed to save the logo and link',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sponsorKeys.all }),
  });
}

export function useSaveSponsorshipSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SponsorshipSettings) =>
      api.call(e.saveSettings, { body, errorMessage: 'Failed to save the setting' }),
    onSuccess: (settings) => queryClient.setQueryData(sponsorKeys.settings, settings),
  });
}

/** Uploads a logo for the sponsor's business through the media checks; answers its URL. */
export async function uploadSponsorLogo(contactId: string, file: File, fileData: string) {
  const { mediaUrl } = await api.call(endpoints.media.uploadSponsorLogo, {
    body: { contactId, fileData, fileName: file.name || 'logo.png', mimeType: file.type },
    errorMessage: 'Failed to upload the logo',
  });
  return mediaUrl;
}
