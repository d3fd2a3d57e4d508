// CSV as the station writes it (RFC 4180), for the orders report and the inspector's report alike: an exact writer
// and the guard that keeps a spreadsheet from running text as a formula.

/** A field is quoted when it holds a comma, a quote, a line break, or spaces at either end (some readers trim). */
function quoteField(field: string): string {
  if (/[",\r\n]/.test(field) || field !== field.trim()) return `"${field.replace(/"/g, '""')}"`;
  return field;
}

/**
 * Rows to CSV text: fields separated by commas, rows ended by CRLF (the last one too), quotes doubled inside quoted
 * fields. Every string comes back unchanged from a conforming reader. A row with one empty field is written `""` so it
 * does not read back as a blank line.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) => (row.length === 1 && row[0] === '' ? '""' : row.map(quoteField).join(',')))
    .map((line) => `${line}\r\n`)
    .join('');
}

/**
 * Text from the service that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets
 * a leading apostrophe, as OWASP advises against CSV injection: a product name must never run in someone's Excel.
 */
export function spreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
