import type { CampaignAudienceInput, CampaignInput, UploadMedia } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api/client';
import { readFileAsDataUrl } from '@/lib/media/image-file';

/** Campaign queries: every campaign view starts with `campaigns`. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  one: (id: string) => ['campaigns', id] as const,
  preview: (id: string) => ['campaigns', id, 'preview'] as const,
};

/**
 * Who a new campaign goes to until staff change it on its page: everyone of the active
 * members' businesses.
 */
export const DEFAULT_AUDIENCE: CampaignAudienceInput = {
  segments: [{ kind: 'members', states: ['active'], role: 'all' }],
};

export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.one(id),
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.get, {
        params: { id },
        signal,
        errorMessage: 'Failed to load the campaign',
      }),
  });

export const useCampaign = (id: string | undefined) =>
  useQuery({ ...campaignQueryOptions(id ?? ''), enabled: Boolean(id) });

/** POST /admin/campaigns (new) or PUT /admin/campaigns/{id}; campaign views refetch after. */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CampaignInput }) =>
      id
        ? api.call(endpoints.communications.update, {
            params: { id },
            body: input,
            errorMessage: 'Failed to save the campaign',
          })
        : api.call(endpoints.communications.create, {
            body: input,
            errorMessage: 'Failed to save the campaign',
          }),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.one(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    // A 409 means its send started meanwhile: the page reads its new state.
    onError: (_error, { id }) => {
      if (id) void queryClient.invalidateQueries({ queryKey: campaignKeys.one(id) });
    },
  });
}

/** GET /admin/campaigns/{id}/preview: the saved campaign as the staff member's test mail. */
export const fetchCampaignPreview = (id: string) =>
  api.call(endpoints.communications.preview, {
    params: { id },
    errorMessage: 'Failed to render the preview',
  });

/** POST /admin/campaigns/{id}/test: answers the address it went to. */
export function useSendTest() {
  return useMutation({
    mutationFn: (id: string) =>
      api.call(endpoints.communications.test, {
        params: { id },
        errorMessage: 'Failed to send the test',
      }),
  });
}

/**
 * Uploads an image for a message to the portal's media (as staff's event photos are) and
 * answers its absolute address, which mail programs need. A refused file throws an Error
 * with the server's reason.
 */
export async function uploadMessageImage(file: File, locationId?: string): Promise<string> {
  const body: UploadMedia = {
    locationId,
    fileData: await readFileAsDataUrl(file),
    fileName: file.name || `image.${file.type === 'image/png' ? 'png' : 'jpg'}`,
    mimeType: file.type,
  };
  try {
    const { mediaUrl } = await api.call(endpoints.media.uploadEventCover, { body });
    return new URL(mediaUrl, window.location.origin).href;
  } catch (error) {
    const reason = error instanceof ApiError || error instanceof Error ? error.message : '';
    throw new Error(`The image was not added: ${reason || 'the upload failed.'}`, {
      cause: error,
    });
  }
}
