// The session channels: sign-in (only to a service someone at this station confirmed), sign-out, lock and unlock, a
// pharmacist's confirmation. Each receives the few parts below, nothing else of the station.
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../../contract/ipc.ts';
import type { Connectivity } from '../connectivity/connectivity.ts';
import type { PharmacistConfirmations } from './pharmacist-confirm.ts';
import { confirmService, unconfirmedService } from './service-trust.ts';
import type { Session } from './types.ts';

export interface SessionChannelParts {
  options: { dataDir: string };
  backend: { kind: string; baseUrl: string };
  session: Session;
  connectivity: Pick<Connectivity, 'state' | 'observe' | 'observeError' | 'setServiceConfirmed'>;
  confirmations: Pick<PharmacistConfirmations, 'confirm'>;
  /** Applies a service saved since the last sign-out (nobody signed in); the parts bound to it are then `current()`'s. */
  switchService(): Promise<unknown>;
  /** The station's parts now: a switch replaces them whole. */
  current(): SessionChannelParts;
}

type SessionChannel = Extract<ChannelName, `session:${string}`>;

export const sessionHandlers: ChannelGroup<SessionChannel, SessionChannelParts> = {
  'session:state': (_, { session }) => session.state(),
  'session:signIn': async ({ email, password }, parts) => {
    // A service chosen since the last sign-out applies now; then the parts are the new service's.
    await parts.switchService();
    const { session, connectivity, backend } = parts.current();
    // No password goes to a custom service nobody here confirmed (it may have been changed on disk or by an admin).
    if (!connectivity.state().serviceConfirmed) throw unconfirmedService(backend.baseUrl);
    try {
      const state = await session.signIn(email, password);
      connectivity.observe({ answered: true });
      return state;
    } catch (error) {
      connectivity.observeError(error);
      throw error;
    }
  },
  'session:confirmService': async ({ baseUrl }, { options, backend, connectivity }) => {
    await confirmService(options.dataDir, backend, baseUrl);
    connectivity.setServiceConfirmed(true);
    return connectivity.state();
  },
  'session:signOut': (_, { session }) => session.signOut(),
  'session:lock': (_, { session }) => session.lock(),
  'session:unlock': ({ password }, { session }) => session.unlock(password),
  // A separate login whose tokens main drops: the signed-in technician stays signed in.
  'session:confirmPharmacist': ({ who, password, purpose }, { confirmations }) =>
    confirmations.confirm(who, password, purpose),
};
