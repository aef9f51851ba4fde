import type { CampaignAudience, CampaignAudienceInput } from '@chamber/contract';

export const memberStates = ['active', 'grace', 'lapsed', 'pending'] as const;
export type MemberState = (typeof memberStates)[number];
export const memberRoles = ['all', 'primary', 'billing'] as const;
export type MemberRole = (typeof memberRoles)[number];

export const memberStateLabels: Record<MemberState, string> = {
  active: 'Active',
  grace: 'In grace',
  lapsed: 'Lapsed',
  pending: 'Pending',
};
export const memberRoleLabels: Record<MemberRole, string> = {
  all: 'All people of the business',
  primary: 'Primary contact only',
  billing: 'Billing contacts only',
};

/** A segment as the builder edits it: `key` tells rows apart; an event may be still unchosen. */
export type DraftSegment =
  | {
      key: string;
      kind: 'members';
      planIds: string[];
      states: MemberState[];
      role: MemberRole;
    }
  | { key: string; kind: 'registrants'; eventId: string }
  | { key: string; kind: 'subscribers' };
export type SegmentKind = DraftSegment['kind'];

/** At most this many segments (the server's limit). */
export const MAX_SEGMENTS = 10;

let counter = 0;
const nextKey = () => `segment-${++counter}`;

/** A new segment of `kind`, as the builder adds it: members in good standing, everyone. */
export function newSegment(kind: SegmentKind): DraftSegment {
  switch (kind) {
    case 'members':
      return { key: nextKey(), kind, planIds: [], states: ['active', 'grace'], role: 'all' };
    case 'registrants':
      return { key: nextKey(), kind, eventId: '' };
    case 'subscribers':
      return { key: nextKey(), kind };
  }
}

/** A saved audience as the builder's rows (states in a fixed order, as their boxes are). */
export function fromAudience(audience: CampaignAudience): DraftSegment[] {
  return audience.segments.map((segment) => {
    switch (segment.kind) {
      case 'members':
        return {
          key: nextKey(),
          kind: 'members',
          planIds: [...segment.planIds],
          states: memberStates.filter((s) => segment.states.includes(s)),
          role: segment.role,
        };
      case 'registrants':
        return { key: nextKey(), kind: 'registrants', eventId: segment.eventId };
      case 'subscribers':
        return { key: nextKey(), kind: 'subscribers' };
    }
  });
}

/**
 * The rows as the audience the API takes, or what is missing first. Plans and states keep
 * their boxes' order, so the same choice is the same JSON (and the same count query).
 */
export function toAudience(
  segments: readonly DraftSegment[],
  planOrder: readonly string[] = [],
): { ok: true; audience: CampaignAudienceInput } | { ok: false; error: string } {
  if (segments.length === 0) return { ok: false, error: 'Add at least one group of recipients.' };
  if (segments.length > MAX_SEGMENTS) {
    return { ok: false, error: `At most ${MAX_SEGMENTS} groups of recipients.` };
  }
  const out: CampaignAudienceInput['segments'] = [];
  for (const segment of segments) {
    switch (segment.kind) {
      case 'members': {
        if (segment.states.length === 0) {
          return { ok: false, error: 'Choose at least one membership state for members.' };
        }
        const rank = (id: string) => {
          const i = planOrder.indexOf(id);
          return i === -1 ? planOrder.length : i;
        };
        out.push({
          kind: 'members',
          planIds: [...new Set(segment.planIds)].sort((a, b) => rank(a) - rank(b)),
          states: memberStates.filter((s) => segment.states.includes(s)),
          role: segment.role,
        });
        break;
      }
      case 'registrants':
        if (!segment.eventId) return { ok: false, error: 'Choose the event or series.' };
        out.push({ kind: 'registrants', eventId: segment.eventId });
        break;
      case 'subscribers':
        out.push({ kind: 'subscribers' });
        break;
    }
  }
  return { ok: true, audience: { segments: out } };
}

/** Whether two audiences are the same choice (the builder's rows against the saved one). */
export const sameAudience = (a: CampaignAudienceInput, b: CampaignAudienceInput): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** One line saying whom a saved segment reaches, for the read-only view. */
export function describeSegment(
  segment: CampaignAudience['segments'][number],
  planName: (id: string) => string,
  eventName: (id: string) => string,
): string {
  switch (segment.kind) {
    case 'members': {
      const plans =
        segment.planIds.length === 0 ? 'every plan' : segment.planIds.map(planName).join(', ');
      const states = segment.states.map((s) => memberStateLabels[s].toLowerCase()).join(', ');
      return `Members (${states}; ${plans}): ${memberRoleLabels[segment.role].toLowerCase()}`;
    }
    case 'registrants':
      return `Registrants of ${eventName(segment.eventId)}`;
    case 'subscribers':
      return 'Newsletter subscribers';
  }
}
