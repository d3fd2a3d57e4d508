// The audit log's public surface: import from here, not from the files behind it.

export { type AdjustCall, adjustmentFromCall, type LotAdjustmentFacts } from './adjustments.ts';
export { createAuditLog } from './audit-log.ts';
export { AuditError, type AuditLog, type AuditLogOptions, type AuditStanding, type AuditUser } from './audit-types.ts';
export { audited, auditedAsync } from './audited.ts';
export { AUDIT_KEYCHAIN_NAME, openAuditLog } from './chain-key.ts';
export type { PrintFacts } from './prints.ts';
export type { InterruptionFacts, InterruptionRow, OrderChange } from './schema-interruptions.ts';
export type { RefusalFacts, RefusalReason, RefusalRow } from './schema-refusals.ts';
export type { RunReads } from './schema-run-reads.ts';
export type { SettingChangeFacts, SettingChangeRow } from './schema-settings.ts';
