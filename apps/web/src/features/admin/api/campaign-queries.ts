import { endpoints } from '@chamber/contract/endpoints';
import type {
  Campaign,
  CampaignAudienceInput,
  CommunicationSettings,
  MailTopic,
} from '@chamber/contract';
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

/**
 * PUT /admin/campaigns/{id} with one thing changed, the rest as the campaign has it: its
 * audience (while a draft or scheduled), or whether it shows in the public news archive
 * (also once sent).
 */
function useCampaignChange<T>(
  campaign: Campaign,
  change: (value: T) => { audience: CampaignAudienceInput } | { public: boolean },
  errorMessage: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: T) =>
      api.call(endpoints.communications.update, {
        params: { id: campaign.id },
        body: {
          subject: campaign.subject,
          content: campaign.content,
          topic: campaign.topic,
          public: campaign.public,
          audience: campaign.audience,
          ...change(value),
        },
        errorMessage,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
    },
  });
}

export const useSaveAudience = (campaign: Campaign) =>
  useCampaignChange(
    campaign,
    (audience: CampaignAudienceInput) => ({ audience }),
    'Failed to save the audience',
  );

export const useSetPublic = (campaign: Campaign) =>
  useCampaignChange(
    campaign,
    (on: boolean) => ({ public: on }),
    'Failed to change the archive setting',
  );

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

const campaignSettingsKey = ['campaign-settings'] as const;

/** GET /admin/campaign-settings (admins): whether bulk mails count opens. */
export const useCampaignSettings = () =>
  useQuery({
    queryKey: campaignSettingsKey,
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.settings, {
        signal,
        errorMessage: 'Failed to fetch the mail settings',
      }),
  });

/** PUT /admin/campaign-settings. */
export function useUpdateCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommunicationSettings) =>
      api.call(endpoints.communications.putSettings, {
        body,
        errorMessage: 'Failed to save the mail settings',
      }),
    onSuccess: (saved) => queryClient.setQueryData(campaignSettingsKey, saved),
  });
}
