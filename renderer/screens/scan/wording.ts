// The scan screen's words in one place: its title, what can be scanned here and the keys that matter. (Why a scan
// opened nothing is worded where the scan is resolved, in renderer/scan/.)

export const scanWords = {
  screen: 'Scan station',
  looking: (code: string) => `Looking up ${code}…`,
  ready: 'Ready for the next scan',
  keysTitle: 'Keys',
  /** What a scan of each kind does here. */
  scannable: [
    ['Order label, order number, order id or external id', 'opens the order'],
    ['Lot label (INVENTORY-…)', 'opens the lot in Inventory'],
    ['Staff badge (USER-…)', 'says whose it is; another person’s badge offers Switch user'],
  ],
  /** The keys that matter on the start screen. */
  keys: [
    ['Ctrl+K', 'every screen and action by name'],
    ['Alt+V', 'verify the open order'],
    ['Alt+ArrowLeft', 'back'],
    ['Ctrl+L', 'lock the station'],
  ],
} as const;
