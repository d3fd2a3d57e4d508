// The print channels: check, prepare (what the document says, with a one-time ticket), print or save (the ticket
// presented, gated and recorded with the hash of its content before the copy goes out), and the copies so far.
import type { z } from 'zod';
import {
  DOCUMENT_TITLES,
  type DocumentRef,
  documentKeyOf,
  isDrillDocument,
  pageSizeOf,
  printerSettingOf,
} from '../../../contract/documents.ts';
import type { AuditPerson } from '../../../contract/ipc/audit-shapes.ts';
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { PreparedDocument, PrintResult, printDocumentInput } from '../../../contract/ipc/print.ts';
import type { ChannelName } from '../../../contract/ipc.ts';
import { prescriptionLabelZpl } from '../../../rules/documents/label-zpl.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import type { AuditLog } from '../../audit/index.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { callService, type ServiceCallParts } from '../../service/calls/service-calls.ts';
import { queuedTaskName } from '../../service/outbox/index.ts';
import type { Outbox } from '../../service/outbox/types.ts';
import { requireCapability } from '../../service/session/capability-gate.ts';
import type { Session } from '../../service/session/index.ts';
import type { PharmacistConfirmations } from '../../service/session/pharmacist-confirm.ts';
import { readSettings, type SettingsReadParts } from '../../service/settings/index.ts';
import { pharmacyRules } from '../../service/settings/pharmacy-wide.ts';
import { drillDocuments } from '../drills/drill-documents.ts';
import { type DrillChannelParts, drillParts } from '../drills/drill-handlers.ts';
import { contentOf, finalLabel, refusedPreview } from './document-content.ts';
import { labelToRecord } from './label-fact.ts';
import { lotNumbersOf } from './label-line.ts';
import { decidePrint, personKey, printsOf, signedInUser } from './print-gate.ts';
import type { PrintParts } from './print-parts.ts';
import { contentHash, type PrintTicket, type PrintTickets } from './print-tickets.ts';
import type { DocumentPrinter } from './printer-port.ts';

type PrintInput = z.output<typeof printDocumentInput>;

/** The pharmacist who allows an unverified label: one who confirmed at this station for it, or the one signed in. */
function overridePerson(input: PrintInput, document: DocumentRef, parts: PrintParts): AuditPerson {
  const confirmationId = input.override?.confirmationId ?? null;
  if (confirmationId) {
    return parts.takeConfirmation(confirmationId, { kind: 'print_override', documentKey: documentKeyOf(document) });
  }
  parts.require('allow_unverified_label', 'allow a label before its line is verified (a pharmacist may)');
  const { user } = signedInUser(parts);
  return { id: user.id, email: user.email, name: nameOf(user) };
}

function reprintOf(ticket: PrintTicket, copies: number, input: PrintInput) {
  if (copies === 0) return null;
  if (input.reprint) return input.reprint;
  const title = DOCUMENT_TITLES[ticket.document.kind].toLowerCase();
  throw new StationError(
    'invalid_input',
    `This ${title} was printed here before (copy ${copies}): say why it is printed again.`,
    [{ field: 'reprint', message: 'a reprint needs a reason' }],
  );
}

/**
 * The ticket's content as it may print now: a label prepared awaiting the final check prints final once a pharmacist
 * confirmed it here; one prepared final while main now says it awaits the check (or the other way) is prepared again.
 */
function awaitingOrFinal(ticket: PrintTicket, awaiting: boolean) {
  const { content } = ticket;
  if (content.kind !== 'prescription_label') return content;
  if (!awaiting && content.band !== undefined) return finalLabel(content);
  if (awaiting && content.band === undefined) {
    throw new StationError('expired', 'This label awaits the pharmacist’s final check: open the preview again.');
  }
  return content;
}

export const printChannels = {
  check: async ({ document }: { document: DocumentRef }, parts: PrintParts) =>
    (await decidePrint(document, await parts.settings(), parts)).check,

  prepare: async ({ document }: { document: DocumentRef }, parts: PrintParts): Promise<PreparedDocument> => {
    const settings = await parts.settings();
    const decision = await decidePrint(document, settings, parts);
    const content = await contentOf(document, decision, settings, parts);
    const ticket = content && parts.tickets.issue({ document, content }, personKey(parts));
    // A refused document's page gets a preview without the live barcode or the patient: the page is the technician's
    // (the browser shell prints it); the real content is answered by print:document once main allows the copy.
    const preview = content !== null && !decision.check.allowed;
    return { ...decision.check, document, content: preview ? refusedPreview(content) : content, preview, ticket };
  },

  history: ({ document }: { document: DocumentRef }, parts: PrintParts) => printsOf(document, parts),

  document: async (input: PrintInput, parts: PrintParts): Promise<PrintResult> => {
    const { user } = signedInUser(parts);
    const ticket = parts.tickets.take(input.ticket, personKey(parts));
    if (!ticket) {
      throw new StationError(
        'expired',
        'That print ticket is used, expired or not yours: open the preview again to print this document.',
      );
    }
    // The gate again, from what main reads now (the order, the review, the hold): the ticket decided nothing.
    const settings = await parts.settings();
    const { check, line } = await decidePrint(ticket.document, settings, parts);
    if (check.blockedBy === 'pharmacy_missing') throw new StationError('not_allowed', check.reason as string);
    // A pharmacist's allowance: for a label refused, or for one awaiting the final check (their confirmation at the
    // print step is that check, and the label prints final).
    const overridable = !check.allowed || check.awaitingFinalCheck !== null;
    const override =
      overridable && input.override
        ? { by: overridePerson(input, ticket.document, parts), note: input.override.note }
        : null;
    if (!check.allowed && !override) {
      const code = check.blockedBy === 'record_unreachable' ? 'not_allowed' : 'not_verified';
      throw new StationError(code, check.reason ?? 'This label may not print yet.');
    }
    const awaiting = check.awaitingFinalCheck !== null && !override;
    const content = awaitingOrFinal(ticket, awaiting);
    const reprint = reprintOf(ticket, check.copies, input);
    // A prescription label goes as ZPL to the policy's Zebra printer when there is one (and a port to send it).
    const zpl = content.kind === 'prescription_label' && parts.printer?.printRaw ? parts.zplLabelPrinter : null;
    const printer =
      zpl && input.output === 'print' ? zpl.target : settings.printers[printerSettingOf(ticket.document.kind)];
    const hash = contentHash(content);
    // Kept before the copy goes out: a label never leaves the station without its record, and the record holds the
    // hash of exactly the content the renderer drew and the printer gets.
    const facts = {
      output: input.output,
      grounds: override ? 'pharmacist' : ticket.document.kind === 'prescription_label' ? 'verified' : 'not_gated',
      reprint,
      override,
      printer: input.output === 'print' ? printer : null,
      contentHash: hash,
      lots: line ? lotNumbersOf(line).slice(0, 20) : null,
      awaitingFinalCheck: awaiting,
    } as const;
    // The drills' documents are the drills' records, kept with their results: never in the pharmacy's audit log.
    const record = isDrillDocument(ticket.document)
      ? await parts.drillDocuments.record(ticket.document, facts, user)
      : parts.audit.recordPrint({ document: ticket.document, ...facts }, user);
    const printed = { copy: record.copy, contentHash: hash, lots: facts.lots, awaitingFinalCheck: awaiting };
    await labelToRecord(ticket.document, printed, parts);
    const result = { recordId: record.id, copy: record.copy, content, contentHash: hash };
    const port = parts.printer;
    if (!port) return { ...result, handledBy: 'renderer', savedTo: null, problem: null };
    const job = {
      pageSize: pageSizeOf(ticket.document.kind, settings.labelStock),
      printer,
      content,
      contentHash: hash,
    };
    if (input.output === 'pdf') {
      const suggestedName = `${ticket.document.kind.replaceAll('_', '-')}-copy-${record.copy}.pdf`;
      const saved = await port.savePdf({ ...job, suggestedName });
      return { ...result, handledBy: 'station', savedTo: saved.savedTo, problem: null };
    }
    // The ZPL is drawn from the very content the record's hash covers.
    const sent =
      zpl && port.printRaw && content.kind === 'prescription_label'
        ? await port.printRaw(zpl.target, prescriptionLabelZpl(content, zpl.dotsPerMm))
        : await port.print(job);
    return { ...result, handledBy: 'station', savedTo: null, problem: sent.problem };
  },
};

const zplPrinterOf = (set: { target: string; dotsPerMm?: 8 | 12 } | undefined) =>
  set ? { target: set.target, dotsPerMm: set.dotsPerMm ?? 8 } : null;

/** What the print channels receive of the station: adapted here to printing's own parts (print-parts.ts). */
export interface PrintChannelParts extends ServiceCallParts, SettingsReadParts, DrillChannelParts {
  audit: AuditLog;
  record: PrintParts['record'] & SettingsReadParts['record'];
  session: Pick<Session, 'state' | 'caller'>;
  confirmations: Pick<PharmacistConfirmations, 'take'>;
  printTickets: PrintTickets;
  outbox: Pick<Outbox, 'get' | 'entries'>;
  options: SettingsReadParts['options'] &
    DrillChannelParts['options'] & { now?: () => number; printer?: DocumentPrinter };
}

function printParts(parts: PrintChannelParts): PrintParts {
  return {
    audit: parts.audit,
    record: parts.record,
    drillDocuments: drillDocuments(drillParts(parts)),
    signedIn: () => parts.session.state(),
    require: (capability, what) => requireCapability(parts.session, capability, what),
    takeConfirmation: (id, purpose) => parts.confirmations.take(id, purpose),
    tickets: parts.printTickets,
    now: parts.options.now ?? Date.now,
    settings: () => readSettings(parts),
    pharmacyRules: () => pharmacyRules(parts.record, parts.options.policy),
    read: (operation, input) => callService(operation, input, parts),
    write: (operation, input) => callService(operation, input, parts),
    printer: parts.options.printer,
    zplLabelPrinter: zplPrinterOf(parts.options.policy?.policy.zplLabelPrinter),
    taskName: (ref) => queuedTaskName(parts.outbox, ref),
    log: parts.log.child('print'),
  };
}

// Gated and recorded in main: the renderer cannot print a label its line has not earned.
export const printHandlers: ChannelGroup<Extract<ChannelName, `print:${string}`>, PrintChannelParts> = {
  'print:check': (input, parts) => printChannels.check(input, printParts(parts)),
  'print:document': (input, parts) => printChannels.document(input, printParts(parts)),
  'print:drawn': ({ contentHash }, parts) => ({ awaited: parts.options.printer?.pageDrew?.(contentHash) ?? false }),
  'print:history': (input, parts) => printChannels.history(input, printParts(parts)),
  'print:prepare': (input, parts) => printChannels.prepare(input, printParts(parts)),
};
