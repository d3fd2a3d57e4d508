// Which service the station uses and which it will use: the custom address checked by the settings schema itself,
// and whether a saved choice still waits for a restart (the station wires its service once, when it starts).
import { defaultSettings, type Settings, settingsSchema } from '../../contract/ipc/settings.ts';

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

/** True when the saved choice differs from the service this run uses: it applies after a restart. */
export function awaitsRestart(saved: ServiceRef, running: ServiceRef): boolean {
  if (saved.backend !== running.backend) return true;
  return saved.backend === 'custom' && saved.baseUrl !== running.baseUrl;
}

/** The service for people: "Training (on this computer)" or "the service at https://…". */
export function serviceName(service: ServiceRef): string {
  if (service.backend === 'training') return 'Training (on this computer)';
  return service.baseUrl ? `the service at ${service.baseUrl}` : 'a custom service';
}

/** How to restart the station in the shell it runs in. */
export function restartHow(shell: 'electron' | 'browser'): string {
  return shell === 'electron'
    ? 'Quit the station and open it again.'
    : 'Stop the station where it was started (Ctrl+C in its terminal) and start it again.';
}
