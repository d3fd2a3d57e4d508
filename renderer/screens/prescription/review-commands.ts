// The review screen's commands: each with a shortcut, in the Ctrl+K palette, and shown on the screen's buttons.
import { useCommands } from '../../commands/command-store.ts';
import { navigate } from '../../state/navigation-store.ts';
import { reviewWords } from './wording.ts';

export interface ReviewActions {
  /** The order to go back to, when the prescription came on one. */
  orderId: string | null;
  orderNumber: string | null;
  /** The next medication on the same electronic prescription, when there is more than one. */
  nextPrescriptionId: string | null;
  patientId: string | null;
  prescriberId: string | null;
  checksReady: boolean;
  focusChecks(): void;
  refresh(): void;
}

/** The shortcuts, also used for the buttons' hints and aria-keyshortcuts. */
export const reviewShortcuts = {
  backToOrder: 'Alt+O',
  focusChecks: 'Alt+C',
  nextMedication: 'Alt+N',
  openPatient: 'Alt+I',
  openPrescriber: 'Alt+P',
  refresh: 'Alt+R',
  reviewed: 'Alt+K',
  needsClarification: 'Alt+L',
  exception: 'Alt+X',
  nextPrescription: 'Alt+Shift+N',
} as const;

export function useReviewCommands(actions: ReviewActions): void {
  const { orderId, nextPrescriptionId, patientId, prescriberId } = actions;
  useCommands([
    {
      id: 'prescription.backToOrder',
      title: actions.orderNumber ? `Back to order ${actions.orderNumber}` : 'Back to the order',
      group: 'Prescription',
      shortcut: reviewShortcuts.backToOrder,
      keywords: 'return order view',
      enabled: orderId !== null,
      run: () => orderId && navigate({ screen: 'order', orderId }),
    },
    {
      id: 'prescription.focusChecks',
      title: reviewWords.goToChecks,
      group: 'Prescription',
      shortcut: reviewShortcuts.focusChecks,
      keywords: 'checks panel allergy license dea refills guardian',
      enabled: actions.checksReady,
      run: actions.focusChecks,
    },
    {
      id: 'prescription.nextMedication',
      title: reviewWords.reviewNext,
      group: 'Prescription',
      shortcut: reviewShortcuts.nextMedication,
      enabled: nextPrescriptionId !== null,
      run: () =>
        nextPrescriptionId &&
        navigate({ screen: 'prescription', prescriptionId: nextPrescriptionId, ...(orderId ? { orderId } : {}) }),
    },
    {
      id: 'prescription.openPatient',
      title: reviewWords.openPatientCommand,
      group: 'Prescription',
      shortcut: reviewShortcuts.openPatient,
      enabled: patientId !== null,
      run: () => patientId && navigate({ screen: 'patients', patientId }),
    },
    {
      id: 'prescription.openPrescriber',
      title: reviewWords.openPrescriberCommand,
      group: 'Prescription',
      shortcut: reviewShortcuts.openPrescriber,
      enabled: prescriberId !== null,
      run: () => prescriberId && navigate({ screen: 'prescribers', prescriberId }),
    },
    {
      id: 'prescription.refresh',
      title: reviewWords.readAgainCommand,
      group: 'Prescription',
      shortcut: reviewShortcuts.refresh,
      keywords: 'refresh reload',
      run: actions.refresh,
    },
  ]);
}
