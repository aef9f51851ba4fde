import { describe, expect, it } from 'vitest';
import { campaignControls } from './campaign-controls';

describe('what a campaign’s page offers', () => {
  it('sends a draft only when its saved audience reaches someone', () => {
    expect(campaignControls('draft', { count: 12, dirty: false })).toMatchObject({
      editable: true,
      offersSend: true,
      sendBlocked: null,
      canPause: false,
      canResume: false,
      canCancel: false,
      showsProgress: false,
    });
    expect(campaignControls('draft', { count: 0, dirty: false }).sendBlocked).toBe(
      'This audience reaches nobody: there is no one to send it to.',
    );
    expect(campaignControls('draft', { count: 12, dirty: true }).sendBlocked).toBe(
      'Save the audience before sending.',
    );
    expect(campaignControls('draft', { count: null, dirty: false }).sendBlocked).not.toBeNull();
  });

  it('cancels or re-sends a scheduled one', () => {
    expect(campaignControls('scheduled', { count: 3, dirty: false })).toMatchObject({
      editable: true,
      offersSend: true,
      canCancel: true,
      canPause: false,
    });
  });

  it('pauses and cancels while sending, resumes and cancels while paused', () => {
    expect(campaignControls('sending', { count: null, dirty: false })).toMatchObject({
      editable: false,
      offersSend: false,
      canPause: true,
      canResume: false,
      canCancel: true,
      showsProgress: true,
      showsReport: false,
    });
    expect(campaignControls('paused', { count: null, dirty: false })).toMatchObject({
      canPause: false,
      canResume: true,
      canCancel: true,
      showsProgress: true,
    });
  });

  it('only reports once sent or cancelled', () => {
    for (const state of ['sent', 'cancelled'] as const) {
      expect(campaignControls(state, { count: null, dirty: false })).toMatchObject({
        editable: false,
        offersSend: false,
        canPause: false,
        canResume: false,
        canCancel: false,
        showsProgress: false,
        showsReport: true,
      });
    }
  });
});
