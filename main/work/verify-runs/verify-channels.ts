// The verification channels: main's run (main/work/verify-runs/verification.ts) for the signed-in person, the order and
// every count from main's own reads. The group receives the parts below and adapts them to a run's (run-parts.ts).
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { VerifyRunView } from '../../../contract/ipc/verify-runs.ts';
import type { ChannelName } from '../../../contract/ipc.ts';
import { auditedAsync } from '../../audit/index.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { readThrough } from '../../service/calls/service-calls.ts';
import { queuedTaskName } from '../../service/outbox/index.ts';
import type { Outbox } from '../../service/outbox/types.ts';
import { requireCapability } from '../../service/session/capability-gate.ts';
import type { PharmacistConfirmations } from '../../service/session/pharmacist-confirm.ts';
import { readSettings, type SettingsReadParts } from '../../service/settings/index.ts';
import { pharmacyRules } from '../../service/settings/pharmacy-wide.ts';
import type { AuditChannelParts } from '../review/index.ts';
import { withFinalCheckNote } from './final-check-note.ts';
import type { RunParts } from './run-parts.ts';
import { type RunPharmacyParts, runPharmacy } from './run-pharmacy.ts';
import type { VerifyRuns } from './runs-repository.ts';
import { verification } from './verification.ts';

export type VerifyChannelParts = Omit<AuditChannelParts, 'events' | 'record'> &
  Omit<RunPharmacyParts, 'record'> &
  SettingsReadParts & {
    verifyRuns: VerifyRuns;
    confirmations: Pick<PharmacistConfirmations, 'take'>;
    outbox: Pick<Outbox, 'get' | 'enqueue'>;
    events: AuditChannelParts['events'] & RunPharmacyParts['events'];
    record: AuditChannelParts['record'] & RunPharmacyParts['record'] & RunParts['record'];
  };

/** What a verification run may use of the station (main/work/verify-runs/run-parts.ts). */
function runParts(parts: VerifyChannelParts): RunParts {
  return {
    runs: parts.verifyRuns,
    audit: parts.audit,
    record: parts.record,
    signedIn: () => {
      const { user, role, roleConfirmed } = parts.session.state();
      if (!user) throw new StationError('not_signed_in', 'Sign in first.');
      return { user, role, roleConfirmed };
    },
    read: (operation, input) => readThrough(operation, input, parts),
    require: (capability, what) => requireCapability(parts.session, capability, what),
    takeConfirmation: (id, purpose) => parts.confirmations.take(id, purpose),
    pharmacy: runPharmacy(parts),
    isOffline: () => parts.connectivity.isOffline(),
    taskName: (ref) => queuedTaskName(parts.outbox, ref),
    takeStock: async (change) => {
      await parts.outbox.enqueue({ kind: 'stock', ...change });
    },
    now: () => Date.now(),
    licensedStates: async () => (await readSettings(parts)).licensedStates,
  };
}

type VerifyChannel = Extract<ChannelName, `verify:${string}`>;

/** A step that may record the run: its answer says whether a pharmacist's final check is still needed. */
const noted = (view: VerifyRunView, parts: VerifyChannelParts) =>
  withFinalCheckNote(view, async () => pharmacyRules(parts.record, parts.options.policy).techCheckTechAllowed);

export const verifyHandlers: ChannelGroup<VerifyChannel, VerifyChannelParts> = {
  'verify:start': ({ orderId, signOffs }, parts) => verification.start(orderId, signOffs ?? [], runParts(parts)),
  'verify:scan': async (input, parts) => noted(await verification.scan(input, runParts(parts)), parts),
  'verify:undo': ({ orderId }, parts) => verification.undo(orderId, runParts(parts)),
  'verify:answerStop': (input, parts) =>
    auditedAsync(async () => noted(await verification.answerStop(input, runParts(parts)), parts)),
  'verify:finish': (input, parts) =>
    auditedAsync(async () => noted(await verification.finish(input, runParts(parts)), parts)),
  'verify:dropRun': ({ orderId }, parts) => verification.drop(orderId, runParts(parts)),
};
