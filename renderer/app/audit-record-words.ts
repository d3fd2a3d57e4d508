// The words every screen says about an audit record that is not keyed (main's app:info answer): a warning until an
// admin acknowledged it, then a quieter note naming who acknowledged it and when. Nothing is said when keyed.
import type { AuditRecordView } from '../../contract/ipc/audit-shapes.ts';

export interface UnkeyedRecordWords {
  tone: 'warn' | 'quiet';
  text: string;
}

const UNKEYED =
  "This station's audit record is not keyed (no OS keychain): anyone who can reach its data folder could rewrite it unnoticed.";

export function unkeyedRecordWords(record: AuditRecordView): UnkeyedRecordWords | null {
  if (record.keyed) return null;
  const ack = record.acknowledged;
  if (!ack) return { tone: 'warn', text: UNKEYED };
  const day = ack.at.slice(0, 10);
  return { tone: 'quiet', text: `${UNKEYED} Acknowledged by ${ack.by} on ${day}.` };
}
