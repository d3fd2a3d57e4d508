// The printers the system offers (the desktop app asks Chromium, webContents.getPrintersAsync) and a test page per
// kind of document. "Sent" means the system accepted the job: whether paper came out only the printer knows.
import { z } from 'zod';
import { documentKind } from '../documents.ts';

export const osPrinter = z.strictObject({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
});
export type OsPrinter = z.infer<typeof osPrinter>;

export const printerList = z.strictObject({
  /** False where the station cannot list printers (the browser shell: the browser's own dialog prints). */
  available: z.boolean(),
  printers: z.array(osPrinter),
});

export const testPageInput = z.strictObject({ kind: documentKind });
export const testPageResult = z.strictObject({
  /** The printer the page went to (the settings' name found again among the system's printers). */
  printer: z.string(),
  sent: z.boolean(),
  problem: z.string().nullable(),
});
