// The parts that belong to one service: the backend (a training process or a custom URL), its keychain, the session,
// the audit log's view of it and the webhook secret. The station builds them at start and again when a new service is
// chosen and nobody is signed in, so a switch applies at the next sign-in without a restart.
import { AUDIT_KEYCHAIN_NAME, type AuditLog, openAuditLog } from '../audit/index.ts';
import { createWebhookSecret, type WebhookSecret, webhookSecretAccount } from '../events/index.ts';
import type { Logger } from '../platform/log/logger.ts';
import { type Backend, openBackend } from '../service/backend/backend.ts';
import type { DriftLog } from '../service/client/index.ts';
import {
  createSession,
  keychainServiceName,
  openSecretStore,
  type SecretStore,
  type Session,
} from '../service/session/index.ts';
import type { Settings } from '../service/settings/index.ts';
import { createVerifyRuns, type VerifyRuns } from '../work/verify-runs/runs-repository.ts';
import type { StationOptions } from './options.ts';

export interface ServiceBinding {
  backend: Backend;
  secrets: SecretStore;
  session: Session;
  audit: AuditLog;
  /** Verifications in progress at this station, per person and order, for this service. */
  verifyRuns: VerifyRuns;
  webhookSecret: WebhookSecret;
  webhookAccount: string;
  /** Stops the training process (if this binding started one) and closes the audit log and the runs. */
  close(): Promise<void>;
}

export async function bindService(
  settings: Settings,
  options: StationOptions,
  log: Logger,
  drift: DriftLog,
): Promise<ServiceBinding> {
  const { dataDir, clock } = options;
  const backend = await openBackend(settings, options, log);
  try {
    const openSecrets = options.openSecrets ?? ((name: string) => openSecretStore(name, log.child('keychain')));
    const secrets = await openSecrets(keychainServiceName(backend.serviceId));
    const session = createSession({
      drift,
      baseUrl: backend.baseUrl,
      secrets,
      dataDir,
      log: log.child('session'),
      serviceId: backend.serviceId,
      maxAnswerBytes: settings.serviceAnswerLimitMiB * 1024 * 1024,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      // Main's injected clock, when a test moves one: the token's renewal falls due on it.
      ...(clock ? { clock: () => new Date(clock.now()) } : {}),
    });
    const auditOptions = { dataDir, serviceId: backend.serviceId, log: log.child('audit') };
    const audit = await openAuditLog(auditOptions, await openSecrets(AUDIT_KEYCHAIN_NAME));
    const verifyRuns = createVerifyRuns({ dataDir, serviceId: backend.serviceId });
    const webhookAccount = webhookSecretAccount(backend.serviceId);
    return {
      backend,
      secrets,
      session,
      audit,
      verifyRuns,
      webhookSecret: createWebhookSecret(secrets, webhookAccount),
      webhookAccount,
      async close() {
        audit.close();
        verifyRuns.close();
        await backend.stop();
      },
    };
  } catch (error) {
    await backend.stop();
    throw error;
  }
}

/** True when the saved service is not the one this binding talks to. */
export function serviceDiffers(saved: Settings, running: Pick<Settings, 'backend' | 'baseUrl'>): boolean {
  if (saved.backend !== running.backend) return true;
  return saved.backend === 'custom' && saved.baseUrl !== running.baseUrl;
}
