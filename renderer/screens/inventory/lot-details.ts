// What the parts of one lot's screen share (LotDetails and the panels inside it), apart from the screen itself so the
// panels do not import the screen that holds them.

export const LOT_SHORTCUTS = { edit: 'Alt+E', adjust: 'Alt+A', associate: 'Alt+P', back: 'Escape' } as const;

/** Which part of the lot screen has a form open: only one at a time, so Ctrl+Enter and Escape mean one thing. */
export type LotForm = 'edit' | 'adjust' | 'associate' | null;
