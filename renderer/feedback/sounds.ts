// Good and bad scan sounds: a short high chirp and a low double buzz, distinct without looking at the screen.
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  return context;
}

function tone(frequency: number, startAt: number, seconds: number, type: OscillatorType): void {
  const ctx = audio();
  if (!ctx) return;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  // A quick fade in and out: no click at either end.
  const start = ctx.currentTime + startAt;
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(0.2, start + 0.01);
  gain.gain.linearRampToValueAtTime(0, start + seconds);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds + 0.02);
}

/** Scan accepted. */
export function playGood(): void {
  tone(1320, 0, 0.09, 'sine');
}

/** Scan refused or a hard stop: two low buzzes. */
export function playBad(): void {
  tone(220, 0, 0.14, 'square');
  tone(220, 0.2, 0.14, 'square');
}
