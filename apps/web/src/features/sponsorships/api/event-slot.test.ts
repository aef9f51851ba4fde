import { describe, expect, it } from 'vitest';
import { eventSponsorSlot } from './sponsorships';

describe("an event page's sponsor slot", () => {
  const master = '7203AF56-4142-4F69-8C4A-41CE660702EC';
  it('is the event, or for a date of a series its series', () => {
    expect(eventSponsorSlot(master)).toBe(`event:${master.toLowerCase()}`);
    expect(eventSponsorSlot(`${master}_20261201T143000Z`)).toBe(`event:${master.toLowerCase()}`);
  });
  it('is none for an address that names no event', () => {
    expect(eventSponsorSlot('not-an-event')).toBe('none');
    expect(eventSponsorSlot('')).toBe('none');
  });
});
