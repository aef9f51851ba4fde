/** How a door result went: in (ok), already in or undone (warn), refused (error). */
export type Tone = 'ok' | 'warn' | 'error';

/** Each result's sound: a high short beep, two middle ones, a low long one. */
const sounds: Record<Tone, { hz: number; ms: number; times: number }> = {
  ok: { hz: 880, ms: 120, times: 1 },
  warn: { hz: 520, ms: 90, times: 2 },
  error: { hz: 220, ms: 320, times: 1 },
};

let context: AudioContext | null = null;

/**
 * A short beep through WebAudio (no sound files), so the door hears each result without
 * looking. Quiet failures: a browser without audio, or one that has not been touched yet,
 * simply stays silent.
 */
export function beep(tone: Tone): void {
  try {
    const Audio =
      globalThis.AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Audio) return;
    context ??= new Audio();
    if (context.state === 'suspended') void context.resume();
    const { hz, ms, times } = sounds[tone];
    const start = context.currentTime;
    for (let i = 0; i < times; i += 1) {
      const at = start + (i * (ms * 1.6)) / 1000;
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = hz;
      osc.type = 'sine';
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + ms / 1000 + 0.02);
    }
  } catch {
    // No sound is no harm: the flash and the status say the same.
  }
}
