// Which service the station uses and which it will use: the custom address checked by the settings schema itself,
// and whether a saved choice still waits (it applies at the next sign-in: the station switches while signed out).
import { defaultSettings, type Settings, settingsSchema } from '../../../contract/ipc/settings.ts';

export type Backend = Settings['backend'];

/** What this run talks to (connectivity:state) or what the settings name. */
export interface ServiceRef {
  backend: Backend;
  baseUrl: string | null;
}

/** Why `text` cannot be the custom service's address, in the schema's own words, or null when it can. */
export function customUrlProblem(text: string): string | null {
  if (text.trim() === '') return 'Enter the service’s address, such as https://service.example.';
  const parsed = settingsSchema.safeParse({ ...defaultSettings, backend: 'custom', baseUrl: text });
  if (parsed.success) return null;
  const issue = parsed.error.issues.find((candidate) => candidate.path[0] === 'baseUrl') ?? parsed.error.issues[0];
  return `The address ${issue?.message ?? 'is not accepted'}.`;
}

/** The address as the settings will store it (trimmed, no trailing slash), for comparing with what runs. */
export function normalizedUrl(text: string): string {
  const parsed = settingsSchema.safeParse({ ...defaultSettings, backend: 'custom', baseUrl: text });
  return parsed.success && parsed.data.baseUrl ? parsed.data.baseUrl : text.trim();
}

/** True when the saved choice differs from the service the station talks to now: it applies at the next sign-in. */
export function awaitsSwitch(saved: ServiceRef, running: ServiceRef): boolean {
  if (saved.backend !== running.backend) return true;
  return saved.backend === 'custom' && saved.baseUrl !== running.baseUrl;
}

/** The service for people: "Training (on this computer)" or "the service at https://…". */
export function serviceName(service: ServiceRef): string {
  if (service.backend === 'training') return 'Training (on this computer)';
  return service.baseUrl ? `the service at ${service.baseUrl}` : 'a custom service';
}
