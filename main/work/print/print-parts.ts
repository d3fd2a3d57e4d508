// What printing needs from the station, and nothing more: the station adapts its parts to this (own-channels.ts), so
// main/work/print depends on no station file but the errors it throws.

import type { AuditPerson } from '../../../contract/ipc/audit-shapes.ts';
import type { ConfirmationPurpose } from '../../../contract/ipc/sign-off.ts';
import type { Capability } from '../../../rules/capabilities.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { PharmacyRecord } from '../../events/record/record.ts';
import type { Logger } from '../../platform/log/logger.ts';
import type { PharmacyRules } from '../../platform/policy/pharmacy-rules.ts';
import type { ServiceCaller } from '../../service/calls/service-calls.ts';
import type { Settings } from '../../service/settings/index.ts';
import type { DrillDocuments } from '../drills/drill-documents.ts';
import type { PrintTickets } from './print-tickets.ts';
import type { DocumentPrinter } from './printer-port.ts';

export interface PrintParts {
  audit: AuditLog;
  /** The pharmacy's record: the review decisions no label prints past. */
  record: Pick<PharmacyRecord, 'latestReview' | 'station' | 'append' | 'status' | 'factsOf'>;
  drillDocuments: DrillDocuments;
  /** The signed-in person, as the session knows them. */
  signedIn(): {
    user: { id: string | null; email: string; firstName: string | null; lastName: string | null } | null;
    role: string | null;
  };
  /** Refuses (forbidden, saying why) unless the signed-in person's confirmed role holds the capability. */
  require(capability: Capability, what: string): void;
  /** Uses up a pharmacist's confirmation made at this station for this purpose and answers the pharmacist. */
  takeConfirmation(confirmationId: string, purpose: ConfirmationPurpose): AuditPerson;
  /** The documents prepared and not printed yet, one ticket each. */
  tickets: PrintTickets;
  settings(): Promise<Settings>;
  /** The pharmacy-wide rules in force (tech-check-tech), never from settings.json. */
  pharmacyRules(): PharmacyRules;
  /** A service read (offline: what this station read earlier); a refusal throws. */
  read: ServiceCaller;
  /** A service write. */
  write: ServiceCaller;
  /** The desktop app's printer; undefined in the browser shell, where the page prints itself. */
  printer: DocumentPrinter | undefined;
  /** The machine policy's ZPL label printer; null: labels print through the page (PDF path). */
  zplLabelPrinter: { target: string; dotsPerMm: 8 | 12 } | null;
  /** The name of a task queued at this station (its outbox reference), null when unknown here. */
  taskName(ref: string): string | null;
  /** Main's clock (ms). */
  now(): number;
  log: Logger;
}
