// The inventory screens' words in one place: titles, commands, notices (field labels stay beside their fields in
// LotFields.tsx, AdjustForm.tsx and AssociationForm.tsx; flag words in lot-flags.ts).

export const lotWords = {
  group: 'Lot',
  reading: 'Reading the lot…',
  notFound: 'There is no lot with this id: it may have been removed.',
  toList: 'All lots',
  toListCommand: 'Back to all lots',
  edit: 'Edit',
  editCommand: 'Edit this lot',
  adjustCommand: 'Adjust the quantity of this lot (with a reason)',
  associateCommand: 'Add a product that draws on this lot',
  ofProduct: (name: string) => `of ${name}`,
  unknownProduct: 'Unknown product',
} as const;

export const inventoryWords = {
  receive: 'Receive a new lot',
  find: 'Find lots by product, batch or manufacturer',
  openSelected: 'Open the selected lot',
} as const;
