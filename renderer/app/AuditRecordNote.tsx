// What every screen says about the station's audit record, as main answered it (app:info): not keyed (no OS keychain,
// or a chain an older version left unkeyed: anyone holding the data folder could rewrite it), or a chain that failed
// its own check at start, kept aside for the audit while the station records on a new one. Nothing is said when keyed.
import { useAppInfo } from '../queries/session.ts';

export function AuditRecordNote() {
  const record = useAppInfo().data?.auditRecord;
  if (!record) return null;
  const broken = record.brokenChainKept;
  return (
    <>
      {broken ? (
        <p className="notice notice-bad audit-record-note" role="alert">
          The audit record failed its own check when the station started ({broken.problem}). It is kept aside as{' '}
          {broken.file} for your pharmacy's audit, and this station records on a new one. Tell an admin.
        </p>
      ) : null}
      {record.keyed ? null : (
        <p className="notice notice-warn audit-record-note" role="status">
          This station's audit record is not keyed (no OS keychain): anyone who can reach its data folder could rewrite
          it unnoticed.
        </p>
      )}
    </>
  );
}
