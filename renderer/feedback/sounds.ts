// Good and bad scan sounds: a short high chirp and a low double buzz, distinct without looking at the screen.

export interface Tone {
  /** Hz. */
  frequency: number;
  /** Seconds after the sound starts. */
  startAt: number;
  seconds: number;
  type: OscillatorType;
}

/** Scan accepted: one short, high, soft tone. */
export const GOOD_SOUND: readonly Tone[] = [{ frequency: 1320, startAt: 0, seconds: 0.09, type: 'sine' }];

/** Scan refused or a hard stop: two low, rough buzzes, longer than the good chirp in all. */
export const BAD_SOUND: readonly Tone[] = [
  { frequency: 220, startAt: 0, seconds: 0.14, type: 'square' },
  { frequency: 220, startAt: 0.2, seconds: 0.14, type: 'square' },
];

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  return context;
}

function play(tones: readonly Tone[]): void {
  const ctx = audio();
  if (!ctx) return;
  for (const tone of tones) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.value = tone.frequency;
    // A quick fade in and out: no click at either end.
    const start = ctx.currentTime + tone.startAt;
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(0.2, start + 0.01);
    gain.gain.linearRampToValueAtTime(0, start + tone.seconds);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + tone.seconds + 0.02);
  }
}

/** Scan accepted. */
export function playGood(): void {
  play(GOOD_SOUND);
}

/** Scan refused or a hard stop. */
export function playBad(): void {
  play(BAD_SOUND);
}
