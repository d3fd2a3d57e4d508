// The one line the verification tells the person (good, bad or info), and the bad-scan sound that goes with a bad one.
import { useState } from 'react';
import { playBad } from '../../feedback/sounds.ts';

export interface Feedback {
  tone: 'good' | 'bad' | 'info';
  text: string;
}

export function useRunFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  /** Tells a failure: the bad sound, then the words. */
  const bad = (text: string) => {
    playBad();
    setFeedback({ tone: 'bad', text });
  };
  return { feedback, setFeedback, bad };
}

export type RunFeedback = ReturnType<typeof useRunFeedback>;
