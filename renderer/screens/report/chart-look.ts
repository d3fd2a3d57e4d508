// The charts' colours and sizes in one place: SVG attributes (recharts sets them; no inline style from us), AA contrast.

export const chartInk = {
  text: '#16191d',
  muted: '#4a525c',
  grid: '#d8dce2',
  cursor: '#eef1f5',
};

/** One hue per chart, each at least 3:1 against white (WCAG non-text contrast). */
export const barColours = {
  status: '#1d4ed8',
  prescription: '#1d4ed8',
  non_prescription: '#0b6b34',
  order_material: '#7c3aed',
} as const;

export const axisTick = { fill: chartInk.muted, fontSize: 13 };

/** Product names are cut to fit (shortName) and kept on one line: a wide `width` stops recharts wrapping them. */
export const nameTick = { ...axisTick, width: 1000 };

/** Product names on an axis are cut to this many characters; the tooltip and the table have the whole name. */
export const AXIS_NAME_LENGTH = 28;

export function shortName(name: string): string {
  if (name.length <= AXIS_NAME_LENGTH) return name;
  return `${name.slice(0, AXIS_NAME_LENGTH - 1).replace(/[\s,;:.-]+$/, '')}…`;
}
