// The verify screen for a loaded order: counters per line, the last scan's verdict, the scans, the record, the stop. A
// run main refused to start says why where the verdict goes and invites no scan: the scan field says the order is not
// counted, and a product scanned there stays on this screen, not counted (GatedScans).
import type { SignOffInput } from '../../../contract/ipc/sign-off.ts';
import { countsOf, isComplete, lastUndoable, problemsOf } from '../../../rules/verification/run.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useElectronicPrescriptions } from '../../queries/order-detail.ts';
import type { OrderView } from '../../queries/orders.ts';
import { messageOf } from '../../queries/station.ts';
import { useWorkstationSettings } from '../../queries/workstation-settings.ts';
import { readMarks } from '../../scan/keystroke-timing.ts';
import { SignOffForm } from '../../signoff/SignOffForm.tsx';
import { ClaimScans } from './ClaimScans.tsx';
import { backToOrder, SHORTCUTS, useVerifyCommands } from './commands.ts';
import { GatedScans } from './GatedScans.tsx';
import { rxNumbersOf, rxOfLine } from './gate.ts';
import { LineTable } from './LineTable.tsx';
import { ScanLog } from './ScanLog.tsx';
import { StationClaim, useStationClaim } from './StationClaim.tsx';
import { StopDialog } from './StopDialog.tsx';
import { useVerification } from './use-verification.ts';
import { VerifyHeader } from './VerifyHeader.tsx';
import { EarlierVerifications, FinalCheckNeeded, RecordedBanner } from './VerifyOutcome.tsx';
import { runWords, verifyWords } from './wording.ts';
import './verify.css';

export function Verification({
  order,
  who,
  signOffs = [],
  interrupted = false,
}: {
  order: OrderView;
  who: string;
  /** The order changed at the service under this run (the screen shows why): nothing more is counted. */
  interrupted?: boolean;
  /** Sign-offs given before counting started (a pharmacist's override of the picker rule, an admin's re-verify). */
  signOffs?: readonly SignOffInput[];
}) {
  const verification = useVerification(order, who, signOffs);
  const claim = useStationClaim(order.id);
  // The site's scanner marks, to read a scan that lands in a stop's dialog as the scan field reads one.
  const marks = useWorkstationSettings().data;
  const prescriptions = useElectronicPrescriptions(order.electronic_prescription_ids ?? []);
  const rx = rxNumbersOf(prescriptions.map((query) => query.data));
  useVerifyCommands(verification, order.id);
  const { run, feedback, busy } = verification;
  const counts = countsOf(run);
  const recorded = run.recorded;
  const problems = problemsOf(run);
  const orderName = order.order_number ?? order.id;
  const done = run.lines.filter((line) => (counts.get(line.productId) ?? 0) >= line.expected).length;
  // A controlled count waiting for the pharmacist is blind: the technician's count shows again once theirs is recorded.
  const blind = new Set(verification.awaitingPharmacist.map((line) => line.productId));
  const refused = verification.refused;
  // Main's refusal to start stands over any other word: nothing here is counted.
  const said = refused !== null ? ({ tone: 'bad', text: runWords.notStarted(refused) } as const) : feedback;

  return (
    <main className="screen verify" aria-labelledby="verify-title">
      <StationClaim claim={claim} />
      {recorded || interrupted || claim.refused ? null : refused !== null ? (
        <GatedScans orderName={orderName}>{null}</GatedScans>
      ) : (
        <ClaimScans
          onScan={verification.onScan}
          label={`Scan each product of order ${orderName} (for a counted quantity type it and * first: 90*)`}
        />
      )}
      <header className="verify-head">
        <VerifyHeader
          order={order}
          lines={run.lines}
          rxNumbers={rx.all}
          progress={`${done} of ${run.lines.length} lines complete`}
        />
        <div className="verify-actions">
          <ActionButton
            keyLook="bold"
            shortcut={SHORTCUTS.undo}
            onClick={verification.undo}
            disabled={recorded !== null || refused !== null || lastUndoable(run) === null}
          >
            {verifyWords.run.undo}
          </ActionButton>
          <ActionButton
            keyLook="bold"
            shortcut={SHORTCUTS.discrepancy}
            onClick={() => void verification.reportDiscrepancy()}
            disabled={busy !== null || refused !== null || (problems.short.length === 0 && problems.stops.length === 0)}
          >
            {recorded ? 'Task for the stops' : 'End with a task'}
          </ActionButton>
          {recorded ? (
            <ActionButton keyLook="bold" shortcut={SHORTCUTS.again} onClick={verification.again}>
              {verifyWords.run.again}
            </ActionButton>
          ) : (
            <ActionButton
              keyLook="bold"
              shortcut={SHORTCUTS.end}
              onClick={verification.endIncomplete}
              disabled={busy !== null || refused !== null || isComplete(run)}
            >
              {verifyWords.run.endIncomplete}
            </ActionButton>
          )}
          <ActionButton keyLook="bold" shortcut={SHORTCUTS.back} onClick={() => backToOrder(order.id)}>
            {verifyWords.back}
          </ActionButton>
        </div>
      </header>
      {verification.catalogueMissing && verification.catalogueError ? (
        <p className="notice notice-warn" role="status">
          {verifyWords.run.catalogueNotRead(messageOf(verification.catalogueError))}
        </p>
      ) : null}
      {verification.offline && !recorded ? (
        <p className="notice notice-warn" role="status">
          {verifyWords.run.offline}
        </p>
      ) : null}
      {recorded && !said ? null : (
        <p className={`verify-feedback verify-feedback-${said?.tone ?? 'idle'}`} role="status" aria-live="polite">
          {said?.text ?? 'Scan each product. Scanned codes count against the line they match.'}
        </p>
      )}
      {recorded ? <RecordedBanner entry={recorded} taskQueued={run.shortReportedIn !== null} /> : null}
      {recorded && verification.finalCheckNeeded ? <FinalCheckNeeded reason={verification.finalCheckNeeded} /> : null}
      {verification.recordFailed ? (
        <ActionButton keyLook="bold" shortcut={SHORTCUTS.retry} onClick={verification.retryRecord} primary>
          {verifyWords.run.recordAgain}
        </ActionButton>
      ) : null}
      {verification.awaitingPharmacist.length > 0 ? (
        <SignOffForm
          title={verifyWords.run.confirmTitle}
          explanation={verifyWords.run.blindCount(
            verification.awaitingPharmacist.map((line) => line.name ?? line.sku ?? 'the controlled line').join(', '),
          )}
          noteLabel="Note (optional)"
          submitLabel="Confirm the count as pharmacist"
          purpose={{ kind: 'controlled_count', orderId: order.id }}
          counts={verification.awaitingPharmacist.map((line) => ({
            id: line.productId,
            label: line.name ?? line.sku ?? 'the controlled line',
          }))}
          onConfirmed={(confirmation, note, counted) =>
            verification.confirmControlled(confirmation.confirmationId, note, counted)
          }
        />
      ) : null}
      <LineTable lines={run.lines} counts={counts} blind={blind} rxOf={(line) => rxOfLine(rx, line.productCode)} />
      <ScanLog scans={run.scans} blind={blind} />
      <EarlierVerifications orderId={order.id} currentId={recorded?.id ?? null} />
      {run.pending ? (
        <StopDialog
          orderId={order.id}
          pending={run.pending}
          reporting={busy === 'reporting'}
          onDismiss={verification.dismiss}
          onReport={verification.reportStop}
          onScanBehind={(text) => {
            const marked = readMarks(text, {
              prefix: marks?.scannerPrefix ?? null,
              suffix: marks?.scannerSuffix ?? null,
            });
            verification.onScan(marked?.code ?? text, marked?.entry ?? 'scanner');
          }}
        />
      ) : null}
    </main>
  );
}
