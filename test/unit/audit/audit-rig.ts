// The audit log on its own, in a temp folder, as main writes to it (main/work/verify-runs builds each record from its own
// run; the log checks it again against the contract): who is the session's user main passes, never the input's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditError, type AuditLog, type AuditUser, createAuditLog } from '../../../main/audit/index.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';

export const TECHNICIAN = 'technician@training.local';
export const USER: AuditUser = { id: 'user-technician', email: TECHNICIAN, firstName: 'Taylor', lastName: 'Tech' };

/** A refusal as the station passes it on: its code, message and the fields it names. */
export type Refusal = { code: string; message: string; details?: { field: string; message: string }[] | undefined };
export type Answer<T> = { ok: true; value: T } | { ok: false; error: Refusal };

/** What the log answered, or its refusal as the station passes it on (code, message, fields). */
export function answer<T>(work: () => T): Answer<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
  }
}

/** The value of an answer that must be one (fails the test on a refusal). */
export function answeredValue<T>(given: Answer<T>): T {
  if (!given.ok) throw new Error(`expected an answer, got ${JSON.stringify(given)}`);
  return given.value;
}

/** The refusal of an answer that must be one (fails the test when the log answered). */
export function refusalOf(given: Answer<unknown>): Refusal {
  if (given.ok) throw new Error(`expected a refusal, got ${JSON.stringify(given.value)}`);
  return given.error;
}

export async function openAuditRig() {
  const dataDir = await mkdtemp(join(tmpdir(), 'audit-log-'));
  const lines: string[] = [];
  const open = () =>
    createAuditLog({
      dataDir,
      serviceId: 'training',
      log: createLogger({ scope: 'audit', level: 'debug', write: (line) => lines.push(line) }),
    });
  let log: AuditLog = open();
  return {
    get log() {
      return log;
    },
    dataDir,
    lines,
    close: () => log.close(),
    reopen() {
      log = open();
    },
    async remove() {
      log.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
