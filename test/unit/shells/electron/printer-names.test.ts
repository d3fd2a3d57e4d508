// A printer found again by the stable part of its name after Remote Desktop renamed it; never a guess between two.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testPageHtml, withTestPage } from '../../../../main/shells/electron/printer-test-page.ts';
import { findPrinter, stablePrinterName } from '../../../../main/work/print/printer-names.ts';

const printers = (...names: string[]) => names.map((name) => ({ name }));

describe('printer names across Remote Desktop sessions', () => {
  it.each([
    ['HP LaserJet 4250 (redirected 3)', 'HP LaserJet 4250'],
    ['HP LaserJet 4250 (from FRONTDESK) in session 5', 'HP LaserJet 4250'],
    ['Zebra ZD421 (bench 2)', 'Zebra ZD421 (bench 2)'],
    ['Zebra ZD421', 'Zebra ZD421'],
  ])('%s → %s', (name, stable) => expect(stablePrinterName(name)).toBe(stable));

  it('takes the exact name first, then the one printer with the same stable part', () => {
    expect(findPrinter('Zebra ZD421', printers('Zebra ZD421', 'Zebra ZD421 (redirected 2)'))?.name).toBe('Zebra ZD421');
    expect(findPrinter('HP LaserJet 4250 (redirected 2)', printers('HP LaserJet 4250 (redirected 7)'))?.name).toBe(
      'HP LaserJet 4250 (redirected 7)',
    );
    expect(findPrinter('hp laserjet 4250', printers('HP LaserJet 4250 (from PC1) in session 2'))?.name).toBe(
      'HP LaserJet 4250 (from PC1) in session 2',
    );
  });

  it('answers null when it is not there or two printers could be it (then the system dialog asks)', () => {
    expect(findPrinter('Brother QL-820', printers('Zebra ZD421'))).toBeNull();
    expect(findPrinter('HP (redirected 1)', printers('HP (redirected 2)', 'HP (redirected 3)'))).toBeNull();
    expect(findPrinter('(redirected 1)', printers('(redirected 2)'))).toBeNull();
  });

  it('never throws on any name', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (wanted, names) => {
        const found = findPrinter(wanted, printers(...names));
        expect(found === null || names.includes(found.name)).toBe(true);
      }),
    );
  });
});

describe('the test page', () => {
  it('names the printer, escaped, and is served with the CSP', async () => {
    expect(testPageHtml('<b>HP</b>', new Date(0))).toContain('&#60;b&#62;HP&#60;/b&#62;');
    const handler = withTestPage(
      async () => new Response('app'),
      () => new Date(0),
    );
    const page = await handler(new Request('station://app/printer-test-page?printer=Zebra%20ZD421'));
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('Printer: <strong>Zebra ZD421</strong>');
    expect(await (await handler(new Request('station://app/index.html'))).text()).toBe('app');
  });
});
