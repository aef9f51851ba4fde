import { endpoints } from '@chamber/contract/endpoints';
import type { Campaign, CampaignAudienceInput, MailTopic } from '@chamber/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Query keys of staff's campaigns; a change to one invalidates `campaignKeys.all`. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignKeys.all, 'list'] as const,
  detail: (id: string) => [...campaignKeys.all, 'detail', id] as const,
  preview: (audience: string, topic: MailTopic) =>
    [...campaignKeys.all, 'preview', audience, topic] as const,
};

/** GET /admin/campaigns: every campaign, newest first, with sent and total recipients. */
export const campaignListQueryOptions = () =>
  queryOptions({
    queryKey: campaignKeys.list(),
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.list, {
        signal,
        errorMessage: 'Failed to fetch the messages',
      }),
  });

/** How often a campaign's page reads it again: while it sends, and while it waits its time. */
export function refetchEvery(state: Campaign['state'] | undefined): number | false {
  if (state === 'sending') return 3_000;
  if (state === 'scheduled') return 30_000;
  return false;
}

/** GET /admin/campaigns/{id}: the campaign, its recipients counted per state. */
export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.get, {
        params: { id },
        signal,
        errorMessage: 'Failed to fetch the message',
      }),
  });

export function useCampaign(id: string) {
  return useQuery({
    ...campaignQueryOptions(id),
    refetchInterval: (query) => refetchEvery(query.state.data?.state),
  });
}

/**
 * GET /admin/audiences/preview: how many `audience` (its JSON, null while it is incomplete)
 * reaches now, and a few of them; the last answer stays while the next loads.
 */
export function useAudiencePreview(audience: string | null, topic: MailTopic) {
  return useQuery({
    queryKey: campaignKeys.preview(audience ?? '', topic),
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.audiencePreview, {
        query: { audience: audience ?? '', topic },
        signal,
        errorMessage: 'Failed to count the recipients',
      }),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
  });
}

/** PUT /admin/campaigns/{id} with a new audience; the rest as the campaign has it. */
export function useSaveAudience(campaign: Campaign) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audience: CampaignAudienceInput) =>
      api.call(endpoints.communications.update, {
        params: { id: campaign.id },
        body: {
          subject: campaign.subject,
          content: campaign.content,
          topic: campaign.topic,
          public: campaign.public,
          audience,
        },
        errorMessage: 'Failed to save the audience',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
    },
  });
}

/**
 * PUT /admin/campaigns/{id} with only `public` changed: whether the message shows in the public
 * news archive. Allowed while it is a draft or scheduled, and once it is sent.
 */
export function useSetPublic(campaign: Campaign) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api.call(endpoints.communications.update, {
        params: { id: campaign.id },
        body: {
          subject: campaign.subject,
          content: campaign.content,
          topic: campaign.topic,
          audience: campaign.audience,
          public: on,
        },
        errorMessage: 'Failed to change the archive setting',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
    },
  });
}

type Action = 'send' | 'pause' | 'resume' | 'cancel';

const call = (action: Action, id: string, at: string | undefined) => {
  const params = { id };
  switch (action) {
    case 'send':
      return api.call(endpoints.communications.send, {
        params,
        body: at ? { at } : {},
        errorMessage: 'Failed to send the message',
      });
    case 'pause':
      return api.call(endpoints.communications.pause, {
        params,
        errorMessage: 'Failed to pause the send',
      });
    case 'resume':
      return api.call(endpoints.communications.resume, {
        params,
        errorMessage: 'Failed to resume the send',
      });
    case 'cancel':
      return api.call(endpoints.communications.cancel, {
        params,
        errorMessage: 'Failed to cancel the send',
      });
  }
};

/** POST /admin/campaigns/{id}/send|pause|resume|cancel; the answer is the campaign now. */
export function useCampaignAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, at }: { action: Action; at?: string }) => call(action, id, at),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
    },
  });
}
