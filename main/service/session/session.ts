// The workstation's sign-in (sign in, restore, sign out, lock) and its tokens; see clients.ts, password-check.ts.

import type { LoginResponse } from '../../../contract/service/auth.ts';
import { capabilitiesOf } from '../../../rules/capabilities.ts';
import { serviceIdOf } from '../../platform/keychain/keychain.ts';
import { isServiceError } from '../client/errors.ts';
import { createSingleFlight } from '../client/single-flight.ts';
import { createAccountMemory, type RememberedAccount } from './account-memory.ts';
import { createSessionClients } from './clients.ts';
import { SessionError } from './errors.ts';
import { createGuessingBackoff } from './guessing-backoff.ts';
import { jwtExpiry } from './jwt.ts';
import { credentialsOf, profileOf } from './login-answer.ts';
import { createPasswordCheck } from './password-check.ts';
import type { Credentials } from './renewal.ts';
import { createTokenKeeper } from './token-keeper.ts';
import type {
  Session,
  SessionChange,
  SessionChangeReason,
  SessionOptions,
  SessionState,
  SessionStatus,
} from './types.ts';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createSession(options: SessionOptions): Session {
  const { secrets, log } = options;
  const clock = options.clock ?? (() => new Date());
  const now = () => clock().getTime();
  const serviceId = options.serviceId ?? serviceIdOf(options.baseUrl);
  const accounts = createAccountMemory(options.dataDir, log);
  const listeners = new Set<(change: SessionChange) => void>();
  let status: SessionStatus = 'signed_out';
  let profile: RememberedAccount | null = null;
  /** Whether the service confirmed who this is in this run (a sign-in, an unlock, a verify); a role on disk is not. */
  let identity: 'confirmed' | 'remembered' | 'restoring' = 'remembered';
  const backoff = createGuessingBackoff(now);

  const keeper = createTokenKeeper({
    now,
    log,
    requestRefresh: () => clients.signIn.auth.refresh(),
    onRefused: () => end('refresh_refused'),
    onRotated: (credentials) => saveRefreshToken(credentials),
    // The service answers again: now it says who this is (a restore while it was unreachable kept the disk's role).
    onRenewed: () => void (identity === 'remembered' ? checkUser() : null),
  });
  const clients = createSessionClients(options, keeper);
  const login = createPasswordCheck(() => clients.signIn, backoff);

  function state(): SessionState {
    const held = keeper.current();
    const shown = status === 'signed_out' ? null : profile;
    const role = shown?.role ?? null;
    return {
      status,
      user: shown && { id: shown.userId, email: shown.email, firstName: shown.firstName, lastName: shown.lastName },
      role,
      roleConfirmed: shown !== null && identity === 'confirmed',
      capabilities: capabilitiesOf(role),
      expiresAt: held?.refreshExpiresAt ? new Date(held.refreshExpiresAt).toISOString() : null,
      keychain: secrets.kind,
    };
  }

  function emit(reason: SessionChangeReason): void {
    const change = { state: state(), reason };
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log.error('a session listener failed', { reason, error: reasonOf(error) });
      }
    }
  }

  /** A keychain that fails now costs the next restore, not this sign-in: the token also stays in memory. */
  async function saveRefreshToken(credentials: Credentials): Promise<void> {
    try {
      await secrets.set(credentials.account, credentials.refreshToken);
    } catch (error) {
      log.warn('the keychain did not take the sign-in; it is kept in memory for this run only', {
        reason: reasonOf(error),
      });
    }
  }

  async function removeSecret(account: string): Promise<void> {
    try {
      await secrets.delete(account);
    } catch (error) {
      log.warn('the saved sign-in could not be removed from the keychain', { reason: reasonOf(error) });
    }
  }

  /** Signs out: listeners hear it first, then the keychain entry goes. Queued work elsewhere is not touched. */
  async function end(reason: 'signed_out' | 'refresh_refused'): Promise<void> {
    const held = keeper.current();
    keeper.replace(null);
    status = 'signed_out';
    profile = null;
    identity = 'remembered';
    log.info(reason === 'refresh_refused' ? 'signed out: the service refused to renew the sign-in' : 'signed out', {
      reason,
    });
    emit(reason);
    if (held) await removeSecret(held.account);
    await accounts.forget(serviceId);
  }

  async function establish(answer: LoginResponse, email: string, reason: SessionChangeReason): Promise<SessionState> {
    const account = (answer.user.email ?? email).trim().toLowerCase();
    const previous = keeper.current();
    const credentials = credentialsOf(answer, account, now());
    keeper.replace(credentials);
    status = 'signed_in';
    profile = profileOf(answer.user, account);
    identity = 'confirmed';
    // Another person's sign-in ends here: their saved refresh token must not outlive it.
    if (previous && previous.account !== account) await removeSecret(previous.account);
    await saveRefreshToken(credentials);
    await accounts.remember(serviceId, profile);
    log.info(reason === 'unlocked' ? 'unlocked' : 'signed in', { role: profile.role, keychain: secrets.kind });
    emit(reason);
    return state();
  }

  /** Asks the service who this is (one ask at a time): name and role from it, else the saved ones for reading only. */
  const checking = createSingleFlight(() => verifyUser());
  const checkUser = () => checking.run();
  async function verifyUser(): Promise<void> {
    try {
      const answer = await clients.station.auth.verify();
      const held = keeper.current();
      if (!answer.valid || !answer.user || !held || !profile) return;
      const [before, announce] = [JSON.stringify(profile), identity === 'remembered'];
      profile = profileOf(answer.user, held.account);
      identity = 'confirmed';
      if (JSON.stringify(profile) !== before) await accounts.remember(serviceId, profile);
      if (announce && status !== 'signed_out') emit('user_updated');
    } catch (error) {
      const code = isServiceError(error) ? error.code : 'error';
      log.info('the signed-in user could not be checked now; the saved details serve for reading', { code });
    }
  }

  async function restore(): Promise<SessionState> {
    if (keeper.current() !== null) return state();
    const remembered = await accounts.read(serviceId);
    if (!remembered) {
      log.info('no earlier sign-in to restore', { keychain: secrets.kind });
      return state();
    }
    let refreshToken: string | null;
    try {
      refreshToken = await secrets.get(remembered.email);
    } catch (error) {
      log.warn('the saved sign-in could not be read from the keychain; sign in again', { reason: reasonOf(error) });
      return state();
    }
    if (!refreshToken) {
      log.info('no saved sign-in for the last account; sign in again', { keychain: secrets.kind });
      return state();
    }
    keeper.replace({
      account: remembered.email,
      refreshToken,
      accessToken: null,
      accessExpiresAt: null,
      refreshExpiresAt: jwtExpiry(refreshToken),
    });
    status = 'signed_in';
    profile = remembered;
    identity = 'restoring';
    const restored = keeper.current();
    let renewed = true;
    try {
      await keeper.renew();
    } catch (error) {
      // Refused: end() has signed out and told the listeners. Otherwise (offline, 5xx) the sign-in is kept.
      if (keeper.current() !== restored) return state();
      renewed = false;
      log.warn('restored the sign-in without reaching the service; it will be renewed when the service answers', {
        code: isServiceError(error) ? error.code : 'error',
      });
    }
    // Signed out or in as someone else meanwhile: that change has told the listeners already.
    if (keeper.current() !== restored) return state();
    if (renewed) await checkUser();
    if (identity === 'restoring') identity = 'remembered';
    log.info('restored the sign-in from the keychain', { role: profile?.role ?? null, keychain: secrets.kind });
    emit('restored');
    return state();
  }

  async function signOut(): Promise<SessionState> {
    if (keeper.current() !== null) {
      await end('signed_out');
      return state();
    }
    // Not restored this run, yet an entry may be saved: signing out removes it all the same.
    const remembered = await accounts.read(serviceId);
    if (remembered) {
      await removeSecret(remembered.email);
      await accounts.forget(serviceId);
    }
    return state();
  }

  return {
    signIn: async (email, password) => establish(await login(email, password), email, 'signed_in'),
    restore,
    signOut,
    lock() {
      if (status === 'signed_in') {
        status = 'locked';
        log.info('locked', {});
        emit('locked');
      }
      return state();
    },
    async unlock(password) {
      if (status !== 'locked' || !profile) throw new SessionError('not_locked', 'The station is not locked.');
      const email = profile.email;
      return establish(await login(email, password), email, 'unlocked');
    },
    state,
    async confirmPerson(email, password) {
      // login() keeps the backoff; the answer's tokens go nowhere: only who it proved is kept.
      const { user } = await login(email, password);
      const account = (user.email ?? email).trim().toLowerCase();
      return {
        id: user.id ?? null,
        email: account,
        firstName: user.first_name ?? null,
        lastName: user.last_name ?? null,
        role: user.role ?? null,
      };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tokens: keeper.tokens,
    client: () => clients.station,
    caller: () => clients.caller,
  };
}
