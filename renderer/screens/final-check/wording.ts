// The final check screen's words, in one place.
export const finalCheckWords = {
  title: 'Final check',
  intro:
    'Orders a technician verified that wait for a pharmacist’s final check, the same list at every station. Open one, scan the stock bottle, then the label.',
  notNeeded:
    'Tech-check-tech is allowed at this pharmacy: a technician’s verification is the final check, so nothing waits here.',
  empty: 'Nothing waits for a final check.',
  what: 'the orders waiting for a final check',
  refresh: 'Refresh',
  listTitle: 'Waiting for final check',
  order: (order: string) => `Order ${order}`,
  verifiedBy: (who: string, station: string) => `Verified by ${who} at ${station}`,
  lines: (n: number) => (n === 1 ? '1 line' : `${n} lines`),
  lastStop: 'Last check stopped',
  checkTitle: (order: string) => `Final check of order ${order}`,
  scanBottle: (order: string) => `Scan the stock bottle for order ${order}`,
  scanLabel: (order: string) => `Scan the label for order ${order}`,
  stepBottle: 'Scan the stock bottle (its UPC, NDC or DataMatrix).',
  stepLabel: 'Scan the prescription label’s barcode.',
  bottleRead: 'Stock bottle scanned.',
  checking: 'Main is checking both codes…',
  passed: 'Final check passed',
  stopped: 'Hard stop',
  again: 'Scan again',
  close: 'Close',
} as const;
