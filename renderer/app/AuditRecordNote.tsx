// What every screen says about the station's audit record, as main answered it (app:info): not keyed (no OS keychain,
// or a chain an older version left unkeyed: anyone holding the data folder could rewrite it), or a chain that failed
// its own check at start, kept aside for the audit while the station records on a new one. Nothing is said when keyed.
// A not-keyed record stays said after an admin acknowledged it (audit:acknowledgeUnkeyed), as a quieter note.
import { type SessionView, sessionMay, useAcknowledgeUnkeyed, useAppInfo } from '../queries/session.ts';
import { unkeyedRecordWords } from './audit-record-words.ts';

export function AuditRecordNote({ session }: { session: SessionView }) {
  const record = useAppInfo().data?.auditRecord;
  const acknowledge = useAcknowledgeUnkeyed();
  if (!record) return null;
  const broken = record.brokenChainKept;
  const unkeyed = unkeyedRecordWords(record);
  // Shown to a confirmed admin only; main refuses anyone else whatever the page sends.
  const mayAcknowledge =
    sessionMay(session, 'acknowledge_unkeyed_record') && session.roleConfirmed && !record.acknowledged;
  return (
    <>
      {broken ? (
        <p className="notice notice-bad audit-record-note" role="alert">
          The audit record failed its own check when the station started ({broken.problem}). It is kept aside as{' '}
          {broken.file} for your pharmacy's audit, and this station records on a new one. Tell an admin.
        </p>
      ) : null}
      {unkeyed ? (
        <p className={`notice notice-${unkeyed.tone === 'warn' ? 'warn' : 'info'} audit-record-note`} role="status">
          {unkeyed.text}{' '}
          {mayAcknowledge ? (
            <button type="button" onClick={() => acknowledge.mutate()} disabled={acknowledge.isPending}>
              Acknowledge that it is not keyed
            </button>
          ) : null}
          {acknowledge.error ? <span role="alert"> {acknowledge.error.message}</span> : null}
        </p>
      ) : null}
    </>
  );
}
