// The report screen's own shortcuts (the presets carry theirs in report-range.ts); they work only while it is open.
export const RUN_SHORTCUT = 'Ctrl+Enter';
export const EXPORT_SHORTCUT = 'Alt+E';
export const TABLES_SHORTCUT = 'Alt+N';
