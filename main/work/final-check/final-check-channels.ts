// The final check's channels as a group of the station's channels: what they receive of the station, adapted to the
// final check's own parts (final-check.ts FinalCheckParts). Who checks is main's session, never the input.
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { PharmacyRecord } from '../../events/record/record.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { LoadedPolicy } from '../../platform/policy/policy-file.ts';
import { readThrough, type ServiceCallParts } from '../../service/calls/service-calls.ts';
import { requireCapability } from '../../service/session/capability-gate.ts';
import { pharmacyRules } from '../../service/settings/pharmacy-wide.ts';
import { type FinalCheckParts, finalCheckByScan, readFinalCheckQueue } from './final-check.ts';

export interface FinalCheckChannelParts extends ServiceCallParts {
  audit: Pick<AuditLog, 'recordFinalCheck' | 'recordAdjustment'>;
  record: Pick<PharmacyRecord, 'factsOf' | 'verificationOf' | 'append'>;
  options: { now?: () => number; policy?: LoadedPolicy | undefined };
}

function finalCheckParts(parts: FinalCheckChannelParts): FinalCheckParts {
  return {
    record: parts.record,
    audit: parts.audit,
    read: (operation, input) => readThrough(operation, input, parts),
    requirePharmacist: () =>
      requireCapability(parts.session, 'final_check', 'make the final check of a technician’s verification'),
    techCheckTechAllowed: () => pharmacyRules(parts.record, parts.options.policy).techCheckTechAllowed,
    who: () => {
      const { user, role } = parts.session.state();
      if (!user) throw new StationError('not_signed_in', 'Sign in first.');
      const name = (nameOf(user) ?? 'a signed-in pharmacist').slice(0, 200);
      return { user, person: { id: user.id, name, role: role?.slice(0, 40) ?? null } };
    },
    now: parts.options.now ?? Date.now,
  };
}

export const finalCheckHandlers: ChannelGroup<'finalCheck:queue' | 'finalCheck:scan', FinalCheckChannelParts> = {
  'finalCheck:queue': (_, parts) => readFinalCheckQueue(finalCheckParts(parts)),
  'finalCheck:scan': (input, parts) => finalCheckByScan(input, finalCheckParts(parts)),
};
