// An unclaimed scan: look the code up, open what it names (an order) or say what it was (a badge) or why it opens
// nothing; the scan bar's colour and sound follow.
import type { QueryClient } from '@tanstack/react-query';
import { playBad, playGood } from '../feedback/sounds.ts';
import { resolveScan } from '../queries/scan.ts';
import { type SessionView, sessionKey } from '../queries/session.ts';
import { navigate, useNavigationStore } from '../state/navigation-store.ts';
import { useScanStore } from '../state/scan-store.ts';
import { knownPerson, personName } from '../state/switch-user-store.ts';
import { asOfWords, whyNothingOpens } from './scan-words.ts';

export async function openScanned(code: string, queryClient: QueryClient): Promise<void> {
  const { started, finished } = useScanStore.getState();
  const sequence = started(code);
  const resolution = await resolveScan(code, queryClient);
  const stillLatest = () => useScanStore.getState().sequence === sequence;
  // After whatever navigation the scan causes: the banner belongs to the screen it leaves the person on.
  const offlineAnswer = resolution.kind === 'offline' || (resolution.kind === 'order' && resolution.asOf !== null);
  const settle = () => useScanStore.getState().settle(sequence, useNavigationStore.getState().sequence, offlineAnswer);

  if (resolution.kind === 'order') {
    const age = asOfWords(resolution.asOf);
    finished(sequence, 'good', `Opened order ${resolution.orderNumber ?? code}${age ? ` (${age})` : ''}`);
    if (!stillLatest()) return;
    playGood();
    navigate({ screen: 'order', orderId: resolution.orderId });
    settle();
    return;
  }
  if (resolution.kind === 'lot') {
    finished(sequence, 'good', 'Opened the lot');
    if (!stillLatest()) return;
    playGood();
    navigate({ screen: 'inventory', lotId: resolution.lotId });
    settle();
    return;
  }
  if (resolution.kind === 'prescription') {
    finished(sequence, 'good', 'Opened the prescription');
    if (!stillLatest()) return;
    playGood();
    navigate({ screen: 'prescription', prescriptionId: resolution.prescriptionId });
    settle();
    return;
  }
  if (resolution.kind === 'badge') {
    if (resolution.self) {
      const user = queryClient.getQueryData<SessionView>(sessionKey)?.user;
      finished(sequence, 'good', `Badge recognised: ${user ? personName(user) : 'you'}`);
    } else {
      const person = knownPerson(resolution.userId);
      const whose = person ? `${person.name}’s badge` : 'the badge of another person';
      finished(sequence, 'good', `This is ${whose}. Switch user to let them sign in.`, {
        userId: resolution.userId,
        name: person?.name ?? null,
      });
    }
    if (stillLatest()) playGood();
    settle();
    return;
  }
  finished(sequence, 'bad', whyNothingOpens(resolution));
  if (!stillLatest()) return;
  playBad();
  navigate({ screen: 'scan' });
  settle();
}
