// The desktop app's printer: the station window's page printed silently to the printer named in settings or through
// the system dialog, at the document's page size; a cancelled job says so; Save PDF writes what Chromium rendered.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createDocumentPrinter } from '../../../../main/shells/electron/document-printer.ts';
import { electron, FakeBrowserWindow, FakeWebContents, loadedAppWindow, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

let dir: string;
const log = createLogger({ scope: 'print', level: 'error', write: () => {} });
const copy = {
  kind: 'lot_label',
  product: 'Amoxicillin 500 mg capsule',
  lotNumber: 'L-1',
  expires: '2027-01-01',
  quantity: '100',
  manufacturer: 'Acme',
  barcode: 'INVENTORY-1',
} as const;
const label = {
  pageSize: { width: 4, height: 2.5 },
  printer: 'Zebra ZD421 (bench 2)',
  content: copy,
  contentHash: 'c0ffee',
};

const printerInfo = (name: string) => ({ name, displayName: name, description: '', options: {} });

/** The printer over the station window, whose open preview draws what main sends and says so (print:drawn), as
 * renderer/documents/PrintDialog does; `page.draws = false` is a page that never draws it. */
function stationPrinter(window: FakeBrowserWindow) {
  const printer = createDocumentPrinter({ window: () => window as never, documentsDir: () => dir, log });
  const page = { draws: true };
  const send = window.webContents.send.bind(window.webContents);
  window.webContents.send = (channel: string, payload: unknown) => {
    send(channel, payload);
    if (page.draws)
      setImmediate(() => expect(printer.pageDrew!((payload as { contentHash: string }).contentHash)).toBe(true));
  };
  return { printer, page };
}

beforeEach(() => {
  resetElectron();
  FakeWebContents.printers = [printerInfo('Zebra ZD421 (bench 2)'), printerInfo('HP LaserJet 4250 (redirected 3)')];
  dir = mkdtempSync(join(tmpdir(), 'printer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the desktop app prints documents', () => {
  it('prints the station window silently to the printer named for that kind of document, at the label’s size', async () => {
    const window = await loadedAppWindow();
    const { printer } = stationPrinter(window);
    expect(await printer.print(label)).toEqual({ printed: true, problem: null });
    expect(window.webContents.printJobs).toEqual([
      {
        silent: true,
        deviceName: 'Zebra ZD421 (bench 2)',
        printBackground: true,
        margins: { marginType: 'none' },
        pageSize: { width: 101_600, height: 63_500 },
        url: 'station://app/index.html',
      },
    ]);
  });

  it('the page draws the recorded copy main sends before it is printed, and a page that does not draw is not printed', async () => {
    const window = await loadedAppWindow();
    const { printer, page } = stationPrinter(window);
    expect(await printer.print(label)).toEqual({ printed: true, problem: null });
    expect(window.webContents.sent).toEqual([
      { channel: 'print.drawing', payload: { content: copy, contentHash: 'c0ffee' } },
    ]);
    expect(printer.pageDrew!('c0ffee'), 'nothing waits for a copy already printed').toBe(false);
    // A page that never draws it: after its wait the copy is not sent (the record stays: "not sent").
    page.draws = false;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const printing = printer.print(label);
      await vi.waitFor(() => expect(window.webContents.sent).toHaveLength(2));
      vi.advanceTimersByTime(10_000);
      expect(await printing).toEqual({ printed: false, problem: 'the station page did not draw the document' });
    } finally {
      vi.useRealTimers();
    }
    expect(window.webContents.printJobs).toHaveLength(1);
  });

  it('without a named printer it asks in the system print dialog, and a cancelled job says so', async () => {
    const window = await loadedAppWindow();
    const { printer } = stationPrinter(window);
    FakeWebContents.printAnswer = { success: false, failureReason: 'Print job canceled' };
    expect(await printer.print({ ...label, printer: null })).toEqual({ printed: false, problem: 'Print job canceled' });
    expect(window.webContents.printJobs[0]).toMatchObject({ silent: false });
    expect(window.webContents.printJobs[0]).not.toHaveProperty('deviceName');
  });

  it('saves the PDF Chromium renders (the page’s own @page size) where the person chose, readable by them only', async () => {
    const window = await loadedAppWindow();
    const { printer } = stationPrinter(window);
    const target = join(dir, 'label.pdf');
    electron.dialog.saveAnswer = { canceled: false, filePath: target };
    expect(await printer.savePdf({ ...label, suggestedName: 'prescription-label-copy-1.pdf' })).toEqual({
      savedTo: target,
    });
    expect(window.webContents.pdfJobs[0]).toMatchObject({ preferCSSPageSize: true, printBackground: true });
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(
      window,
      expect.objectContaining({ defaultPath: join(dir, 'prescription-label-copy-1.pdf') }),
    );
    expect(readFileSync(target, 'utf8')).toMatch(/^%PDF-/);
    expect(statSync(target).mode & 0o777).toBe(0o600);
  });

  it('finds a printer a Remote Desktop session renamed by the stable part of its name', async () => {
    const window = await loadedAppWindow();
    const { printer } = stationPrinter(window);
    // Saved in last session's name: this session calls it "(redirected 3)".
    expect(await printer.print({ ...label, printer: 'HP LaserJet 4250 (redirected 2)' })).toEqual({
      printed: true,
      problem: null,
    });
    expect(window.webContents.printJobs[0]).toMatchObject({
      silent: true,
      deviceName: 'HP LaserJet 4250 (redirected 3)',
    });
  });

  it('a printer the system does not list now is never printed to blindly: the system dialog asks', async () => {
    const window = await loadedAppWindow();
    const { printer } = stationPrinter(window);
    await printer.print({ ...label, printer: 'Brother QL-820 (redirected 1)' });
    expect(window.webContents.printJobs[0]).toMatchObject({ silent: false });
    expect(window.webContents.printJobs[0]).not.toHaveProperty('deviceName');
  });

  it('lists the system’s printers, and sends a test page on the document’s page size from a hidden window of its own that then closes', async () => {
    const window = await loadedAppWindow();
    const { printer } = stationPrinter(window);
    expect((await printer.printers!()).map((p) => p.name)).toEqual([
      'Zebra ZD421 (bench 2)',
      'HP LaserJet 4250 (redirected 3)',
    ]);
    expect(await printer.testPage!('Zebra ZD421 (bench 2)', { width: 4, height: 6 })).toEqual({
      sent: true,
      problem: null,
    });
    const testWindow = FakeBrowserWindow.created.at(-1)!;
    expect(testWindow).not.toBe(window);
    expect(testWindow.options).toMatchObject({ show: false, webPreferences: { sandbox: true, javascript: false } });
    expect(testWindow.webContents.printJobs).toEqual([
      {
        silent: true,
        deviceName: 'Zebra ZD421 (bench 2)',
        // The test page's print options carry a page size (Electron wants one): the 4x6 in label, in microns.
        pageSize: { width: 101_600, height: 152_400 },
        url: expect.stringContaining('station://app/printer-test-page?printer=Zebra'),
      },
    ]);
    expect(testWindow.isDestroyed()).toBe(true);
  });

  it('a cancelled save writes nothing', async () => {
    const window = await loadedAppWindow();
    const { printer } = stationPrinter(window);
    expect(await printer.savePdf({ ...label, suggestedName: 'x.pdf' })).toEqual({ savedTo: null });
  });

  it('refuses when the station window is gone', async () => {
    const printer = createDocumentPrinter({ window: () => null, documentsDir: () => dir, log });
    await expect(printer.print(label)).rejects.toThrow('the station window is closed');
  });
});
