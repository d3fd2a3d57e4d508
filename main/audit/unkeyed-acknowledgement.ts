// An admin's acknowledgement that this station's audit record is not keyed: kept once per chain (a second one answers
// the first), refused while the chain is keyed (there is nothing to acknowledge), and who acknowledged it for the banner.
import type { AuditRecordView } from '../../contract/ipc/audit-shapes.ts';
import type { AuditRepository, Stamp } from './audit-repository.ts';
import { AuditError } from './audit-types.ts';
import { UNKEYED_STATE, type UnkeyedAcknowledgementRow } from './schema-acknowledgements.ts';

/** This chain's acknowledgement as every screen says it (who and when), or null when nobody acknowledged it. */
export function unkeyedAcknowledgementOf(store: AuditRepository): AuditRecordView['acknowledged'] {
  const row = store.db.get<UnkeyedAcknowledgementRow>(
    'SELECT * FROM unkeyed_acknowledgements WHERE chain_id = ?',
    store.chain.id,
  );
  if (!row) return null;
  return { by: row.user_name ?? row.user_email, at: new Date(row.recorded_at).toISOString() };
}

export function keepUnkeyedAcknowledgement(store: AuditRepository, stamp: Stamp): UnkeyedAcknowledgementRow {
  if (store.chain.key !== null) {
    throw new AuditError('invalid_input', 'This station’s audit record is keyed: there is nothing to acknowledge.');
  }
  const kept = store.db.get<UnkeyedAcknowledgementRow>(
    'SELECT * FROM unkeyed_acknowledgements WHERE chain_id = ?',
    store.chain.id,
  );
  if (kept) return kept;
  return store.insertUnkeyedAcknowledgement({
    ...stamp,
    chain_id: store.chain.id,
    acknowledged_state: UNKEYED_STATE,
  });
}
