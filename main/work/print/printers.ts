// printers:list and printers:testPage: the system's printers for the settings, and a test page to the printer set for
// a kind of document (an admin's, checked by the caller: it uses paper), found again by the stable part of its name.
import { type DocumentKind, pageSizeOf } from '../../../contract/documents.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { Settings } from '../../service/settings/index.ts';
import { findPrinter } from './printer-names.ts';
import type { DocumentPrinter } from './printer-port.ts';

export async function listPrinters(printer: DocumentPrinter | undefined) {
  if (!printer?.printers) return { available: false, printers: [] };
  return { available: true, printers: await printer.printers() };
}

export async function printTestPage(printer: DocumentPrinter | undefined, settings: Settings, kind: DocumentKind) {
  if (!printer?.printers || !printer.testPage)
    throw new StationError('not_allowed', 'This station prints through the browser: use its print dialog.');
  const wanted = settings.printers[kind];
  if (!wanted) throw new StationError('not_allowed', 'No printer is set for this document: choose one first.');
  const found = findPrinter(wanted, await printer.printers());
  if (!found)
    throw new StationError('not_allowed', `The printer “${wanted}” is not among this computer’s printers now.`);
  return { printer: found.name, ...(await printer.testPage(found.name, pageSizeOf(kind, settings.labelStock))) };
}
