// The CSV export: exact round trips through a standard reader, quoting where needed, no formulas from service text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrdersReport } from '../../../../contract/service/reports.ts';
import {
  CSV_HEADER,
  csvFileName,
  reportCsvRows,
  spreadsheetText,
  toCsv,
} from '../../../../renderer/screens/report/report-csv.ts';
import { reportView } from '../../../../renderer/screens/report/report-model.ts';
import { parseCsv } from './csv-reader.ts';

const nastyText = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\r', '\n', '=', 'é', "'", '\t') }),
  fc.string({ unit: 'grapheme' }),
  fc.string(),
);

describe('toCsv', () => {
  it('reads back exactly as written, whatever the fields hold (commas, quotes, line breaks, spaces, emoji)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(nastyText, { minLength: 1, maxLength: 6 }), { maxLength: 8 }), (rows) => {
        expect(parseCsv(toCsv(rows))).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it('quotes only the fields that need it, doubles quotes, and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['Section', 'Orders'],
        ['a, b', 'say "hi"'],
        ['two\nlines', ' padded '],
        ['plain', '12'],
      ]),
    ).toBe('Section,Orders\r\n"a, b","say ""hi"""\r\n"two\nlines"," padded "\r\nplain,12\r\n');
  });

  it('writes a row of one empty field as "" so it is not read as a blank line', () => {
    expect(toCsv([[''], ['', '']])).toBe('""\r\n,\r\n');
    expect(parseCsv(toCsv([['']]))).toEqual([['']]);
  });
});

describe('spreadsheetText', () => {
  it('puts an apostrophe before text a spreadsheet would run as a formula', () => {
    expect(spreadsheetText('=HYPERLINK("http://evil")')).toBe('\'=HYPERLINK("http://evil")');
    expect(spreadsheetText('+1')).toBe("'+1");
    expect(spreadsheetText('-2')).toBe("'-2");
    expect(spreadsheetText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetText('\tcmd')).toBe("'\tcmd");
  });

  it('leaves ordinary names as they are', () => {
    expect(spreadsheetText('Amoxicillin 500 mg')).toBe('Amoxicillin 500 mg');
    expect(spreadsheetText('Box, small (10 × 8)')).toBe('Box, small (10 × 8)');
  });
});

const report: OrdersReport = {
  date_range: '2026-05-01 to 2026-05-31',
  total_orders: 7,
  orders_by_status: [
    { status: 'received', count: 2 },
    { status: 'data_entry', count: 5 },
  ],
  orders_by_product: {
    prescription: [{ id: 'p-1', name: 'Amoxicillin, 500 mg "caps"', count: 4 }],
    non_prescription: [{ id: 'n-1', name: '=cmd()', count: 1 }],
    order_material: [],
  },
};

describe('reportCsvRows', () => {
  it('writes the range, the total, each status by name, then each product under its kind', () => {
    const rows = reportCsvRows(reportView(report), { start_date: '2026-05-01', end_date: '2026-05-31', include: [] });
    expect(rows).toEqual([
      [...CSV_HEADER],
      ['Date range', '2026-05-01 to 2026-05-31', '', ''],
      ['Total', 'All orders', '', '7'],
      ['Status', 'Received', '', '2'],
      ['Status', 'Data Entry', '', '5'],
      ['Prescription', 'Amoxicillin, 500 mg "caps"', 'p-1', '4'],
      ['Non-prescription', "'=cmd()", 'n-1', '1'],
    ]);
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it('writes the range the service answered, not the one asked for', () => {
    const answered = reportView({ date_range: '2026-05-02 to 2026-05-30', total_orders: 0 });
    const rows = reportCsvRows(answered, { start_date: '2026-05-01', end_date: '2026-05-31', include: ['count'] });
    expect(rows[1]).toEqual(['Date range', '2026-05-02 to 2026-05-30', '', '']);
  });

  it('leaves out the parts the report was run without, and says an open range in words', () => {
    const rows = reportCsvRows(reportView({ orders_by_status: [{ status: 'shipped', count: 3 }] }), {
      include: ['status'],
    });
    expect(rows).toEqual([
      [...CSV_HEADER],
      ['Date range', 'first order to today', '', ''],
      ['Status', 'Shipped', '', '3'],
    ]);
  });
});

describe('csvFileName', () => {
  it('names the file by its range', () => {
    expect(csvFileName({ start_date: '2026-05-01', end_date: '2026-05-31', include: ['status'] })).toBe(
      'orders-report-2026-05-01-to-2026-05-31.csv',
    );
    expect(csvFileName({ include: ['status'] })).toBe('orders-report-first-order-to-today.csv');
  });
});
