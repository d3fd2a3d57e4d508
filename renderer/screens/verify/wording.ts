// The verify screen's words in one place: what it tells the person while a run goes on (kept and resumed, recorded or
// not, stops let go, discrepancy tasks queued) and everything its screens write (verifyWords). A scan's own verdict is
// worded in verdict.ts; a label's in renderer/scan.

export const runWords = {
  resumed: (scans: number) => `Resumed this verification where it was (${scans} scans kept).`,
  notStarted: (reason: string) => `The verification could not start: ${reason}`,
  notRecorded: (reason: string) => `The verification was not recorded: ${reason} Press Alt+S to try again.`,
  stopNotKept: (reason: string) => `The stop was not written to the audit log: ${reason}`,
  taskNotQueued: (reason: string) => `The discrepancy task was not queued: ${reason}`,
  /** Said once every line is counted and a controlled count waits: blind, so without the technician's count. */
  awaitingPharmacist:
    'Every line is counted. A pharmacist counts the controlled line without seeing this count, and enters it below.',
  undone: 'Took back the last scan.',
  tryAgain: (why: string) => `${why} Try again.`,
  stopDismissed: (title: string) => `Stop dismissed (${title}). Carry on scanning.`,
  taskNotQueuedTryAgain: 'The discrepancy task was not queued. Try again.',
  queuedStopNotKept: (why: string) => `The task is queued. ${why} Press Alt+D to try again.`,
  taskQueuedCarryOn: 'Discrepancy task queued; it reaches the service by itself. Carry on scanning.',
  taskQueued: 'Discrepancy task queued; it reaches the service by itself.',
  confirmAgain: 'The verification was not recorded; the pharmacist confirms again.',
  again: 'A new verification of this order: scan each product.',
  finalCheckTitle: 'Pharmacist’s final check needed before the label.',
} as const;

/** The verify screen's own words: its header, the lines, the stop dialog, the gates, the record and the notices. */
export const verifyWords = {
  title: 'Verify order',
  back: 'Back to the order',
  loading: 'Loading the order…',
  notOpened: 'The order could not be opened for verification: ',
  readingHistory: "Reading the order's history…",
  readingReviews: "Reading the prescriptions' reviews…",
  gateUnread: (why: string) => `The station could not tell whether a pharmacist let this order be filled: ${why}`,
  orderChanged: 'The order changed under this verification.',
  header: {
    whose: 'Whose order',
    patient: 'Patient',
    age: 'Age',
    years: (age: number) => `${age} years`,
    notOnFile: 'not on file',
    born: 'Date of birth',
    rx: 'Rx',
    noRx: 'none on file',
    controlled: 'Controlled',
    controlledLines: (n: number) => `${n} controlled line${n === 1 ? '' : 's'}: a pharmacist confirms the count`,
    schedule: (schedule: string) => ` (Schedule ${schedule})`,
  },
  lines: {
    caption: 'Products on the order',
    product: 'Product',
    kind: 'Kind',
    codes: 'Codes',
    scannedExpected: 'Scanned / expected',
    state: 'State',
    unnamed: 'Unnamed product',
    rx: (numbers: string) => `Rx ${numbers}`,
    complete: 'Complete',
    toGo: (left: number) => `${left} to go`,
    awaitingCount: "Waiting for the pharmacist's count",
  },
  blind: 'Hidden: blind count',
  gatedScans: {
    label: (order: string) => `Order ${order} is not counted yet: see below`,
    notCounted: (code: string) =>
      `Scanned ${code.replaceAll('\u001d', '<GS>')}: not counted, because this order cannot be counted yet (see below). Press Escape to go back to the order.`,
  },
  log: {
    scans: (n: number) => `Scans (${n})`,
    latest: (shown: number) => `Showing the latest ${shown}.`,
    lot: (lot: string) => `Lot ${lot}`,
    lotExpiring: (lot: string, expiry: string) => `Lot ${lot}, expires ${expiry}`,
  },
  claim: {
    verifiedAt: (station: string, person: string) => `Verified at ${station} by ${person}.`,
    stopAt: (station: string, person: string) => `A stop was raised on this order at ${station} by ${person}.`,
  },
  stop: {
    hardStop: (title: string) => `Hard stop: ${title}`,
    scanned: 'Scanned',
    lot: 'Lot',
    expiry: 'Expiry',
    reason: 'Reason',
    chooseReason: 'Choose a reason…',
    done: 'What was done',
    dismiss: 'Dismiss the stop',
    enterKey: 'Enter',
    report: 'Create a discrepancy task',
    chooseWhy: 'Choose why the stop is dismissed.',
    notScanned: 'That came from the scanner. Type what was done with the keyboard.',
    sayWhat: 'Say in a few words what was done.',
    needsReason: 'A hard stop needs a reason: choose one and say what was done, or press Alt+D for a task.',
    needsPharmacist:
      'A hard stop needs a reason and a pharmacist: choose one, say what was done, and the pharmacist confirms.',
  },
  run: {
    undo: 'Undo last scan',
    again: 'Verify again',
    endIncomplete: 'End incomplete',
    catalogueNotRead: (why: string) =>
      `The product list could not be read (${why}). The order's own products are still recognised; anything else shows as not recognised.`,
    offline:
      'Offline: this verification goes on from what the station read earlier; the station keeps every count and records that it was done offline.',
    recordAgain: 'Record the verification again',
    confirmTitle: 'A pharmacist confirms the controlled count',
    blindCount: (names: string) =>
      `Every line is counted. Count ${names} yourself and enter what you counted: the technician's count is hidden until yours is recorded (a blind count).`,
  },
  gate: {
    againTitle: 'Verify again (admin)',
    why: 'Why this order is verified again',
    againSubmit: 'Verify again, recorded with this reason',
    pastVerification: 'past verification',
    readOnly: (status: string) =>
      `Read only: this order is ${status}, so it is past verification and nothing is counted here.`,
    adminMay: ' An admin may verify it again, with a reason that is recorded.',
    picked: (when: string | null) =>
      `You picked this order${when ? ` (${when}, in its status history)` : ''}, so you cannot verify it: someone else verifies what you picked. A pharmacist may override, and the override is recorded.`,
    overrideTitle: 'A pharmacist overrides',
  },
  recorded: {
    verified: 'Verified',
    discrepancy: 'Ended with a discrepancy',
    byOn: (who: string, when: string, taskQueued: boolean) =>
      `by ${who} on ${when}; recorded in this station's audit log.${taskQueued ? ' A discrepancy task was queued for the team.' : ''} Scan the next order.`,
    earlier: 'Earlier verifications at this station',
  },
} as const;
