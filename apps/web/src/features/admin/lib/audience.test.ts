import { campaignAudienceSchema } from '@chamber/contract';
import { describe, expect, it } from 'vitest';
import { fromAudience, newSegment, sameAudience, toAudience, type DraftSegment } from './audience';

const planA = '00000000-0000-4000-8000-00000000000a';
const planB = '00000000-0000-4000-8000-00000000000b';
const eventId = '11111111-1111-4111-8111-111111111111';

describe('the audience builder’s segments', () => {
  it('come back from a saved audience as the same JSON', () => {
    const saved = campaignAudienceSchema.parse({
      segments: [
        { kind: 'members', planIds: [planB], states: ['lapsed', 'active'], role: 'billing' },
        { kind: 'registrants', eventId },
        { kind: 'subscribers' },
      ],
    });
    const rows = fromAudience(saved);
    expect(rows.map((r) => r.kind)).toEqual(['members', 'registrants', 'subscribers']);
    // States in the boxes' order, whatever order the saved audience had.
    expect(rows[0]).toMatchObject({ states: ['active', 'lapsed'], role: 'billing' });
    const built = toAudience(rows, [planA, planB]);
    expect(built).toEqual({
      ok: true,
      audience: {
        segments: [
          { kind: 'members', planIds: [planB], states: ['active', 'lapsed'], role: 'billing' },
          { kind: 'registrants', eventId },
          { kind: 'subscribers' },
        ],
      },
    });
    // What the builder sends is what the server takes.
    expect(built.ok && campaignAudienceSchema.safeParse(built.audience).success).toBe(true);
  });

  it('are members in good standing, all people, when added', () => {
    const built = toAudience([newSegment('members')]);
    expect(built).toEqual({
      ok: true,
      audience: {
        segments: [{ kind: 'members', planIds: [], states: ['active', 'grace'], role: 'all' }],
      },
    });
  });

  it('keep plans in the plans’ order, once each, so one choice is one JSON', () => {
    const ticked: DraftSegment = {
      key: 'k',
      kind: 'members',
      planIds: [planB, planA, planB],
      states: ['grace', 'active'],
      role: 'primary',
    };
    const other: DraftSegment = { ...ticked, planIds: [planA, planB], states: ['active', 'grace'] };
    const a = toAudience([ticked], [planA, planB]);
    const b = toAudience([other], [planA, planB]);
    expect(a.ok && b.ok && sameAudience(a.audience, b.audience)).toBe(true);
    expect(a.ok && a.audience.segments[0]).toMatchObject({ planIds: [planA, planB] });
  });

  it('say what is missing instead of an audience the server refuses', () => {
    expect(toAudience([])).toEqual({ ok: false, error: 'Add at least one group of recipients.' });
    expect(toAudience([newSegment('registrants')])).toEqual({
      ok: false,
      error: 'Choose the event or series.',
    });
    const noStates = { ...newSegment('members'), states: [] } as DraftSegment;
    expect(toAudience([noStates])).toEqual({
      ok: false,
      error: 'Choose at least one membership state for members.',
    });
    expect(toAudience(Array.from({ length: 11 }, () => newSegment('subscribers'))).ok).toBe(false);
  });
});
