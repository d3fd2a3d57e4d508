// Migration 12 of audit.db and its record kind: an admin's acknowledgement that this station's audit record is not
// keyed (no OS keychain), once per chain, with who, when, which chain and the state acknowledged. Chained like the rest.
import type { Migration } from '../../kits/sqlite/db.ts';
import type { Stamp } from './schema.ts';
import { appendOnly, RECORD_KEYS, WHO_AND_WHEN } from './schema-parts.ts';

export const unkeyedAcknowledgementMigration: Migration = {
  version: 12,
  name: 'acknowledgements of an unkeyed record',
  sql: `
CREATE TABLE unkeyed_acknowledgements (
${RECORD_KEYS}
  chain_id TEXT NOT NULL UNIQUE,
  acknowledged_state TEXT NOT NULL,
${WHO_AND_WHEN}
);
${appendOnly('unkeyed_acknowledgements')}`,
};

/** The state an admin acknowledged: the record not keyed (no OS keychain). */
export const UNKEYED_STATE = 'not_keyed';

export interface UnkeyedAcknowledgementRow extends Stamp {
  seq: number;
  chain_id: string;
  acknowledged_state: string;
}

export const UNKEYED_ACKNOWLEDGEMENT_COLUMNS = [
  'id',
  'service_id',
  'chain_id',
  'acknowledged_state',
  'user_id',
  'user_email',
  'user_name',
  'recorded_at',
] as const satisfies readonly (keyof Omit<UnkeyedAcknowledgementRow, 'seq'>)[];
