// The words of the admin's "Version and updates" card (UpdatesCard.tsx), from the state main reports (updates:state).
import type { UpdateState } from '../../../contract/ipc/updates.ts';

export const updateWords = {
  title: 'Version and updates',
  runs: 'This station runs version ',
} as const;

/** One line saying where the update is. */
export function updateStatusLine(state: UpdateState): string {
  switch (state.status) {
    case 'off':
      return `Updates are off. ${state.offReason ?? ''}`;
    case 'idle':
      return 'Up to date.';
    case 'checking':
      return 'Checking the update feed…';
    case 'downloading':
      return `Version ${state.available} is downloading in the background.`;
    case 'ready':
      return `Version ${state.available} is downloaded and verified; it installs when the station is closed or at sign-out.`;
    case 'failed':
      // A refusal (not from us: signature, Authenticode, a file changed) says so in its own sentence.
      return state.problem?.startsWith('The update was refused')
        ? `${state.problem} The feed is checked again later.`
        : `The last check failed (${state.problem}); it is tried again later.`;
  }
}

export const WAITS_FOR: Record<NonNullable<UpdateState['installWaitsFor']>, string> = {
  verification_run: 'It waits: a verification is in progress at this station.',
  task_writes: 'It waits: task writes have not been sent yet.',
};
