// The station's one way to refuse an action the signed-in person's confirmed role does not hold (main/service/session/capability.ts).
import type { Capability } from '../../../rules/capabilities.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { capabilityRefusal } from './capability.ts';
import type { Session } from './index.ts';

export function requireCapability(session: Pick<Session, 'state'>, capability: Capability, what: string): void {
  const refusal = capabilityRefusal(session.state(), capability, what);
  if (refusal === 'Sign in first.') throw new StationError('not_signed_in', refusal);
  if (refusal) throw new StationError('forbidden', refusal);
}
