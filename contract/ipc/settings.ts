// Workstation settings (which service, the event listener port, the public webhook URL, the idle lock, scanner marks): the one schema main and the renderer share.
import { z } from 'zod';
import type { WebUrl, WebUrlClass } from '../web-url.ts';
import { defaultDocumentSettings, documentSettingsFields } from './document-settings.ts';

declare const URL: WebUrlClass;

export { documentSettingsPatch } from './document-settings.ts';

export const DEFAULT_LISTENER_PORT = 4319;
export const DEFAULT_IDLE_LOCK_MINUTES = 10;
/** The most one service answer may carry, in MiB: past it the call fails naming the operation. */
export const DEFAULT_SERVICE_ANSWER_LIMIT_MIB = 32;

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

/** 127.0.0.0/8, ::1 and localhost: addresses that never leave this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Why a URL is not acceptable, or null. Credentials in a URL would put a secret in a clear file, a query or a
 * fragment would be glued to every operation path, so all three are refused.
 */
function urlProblem(text: string, allowLoopbackHttp: boolean): string | null {
  let url: WebUrl;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL (write it like https://service.example)';
  }
  if (url.protocol === 'http:' && !(allowLoopbackHttp && isLoopbackHost(url.hostname))) {
    return allowLoopbackHttp
      ? 'must use https:// (http:// is allowed only for this computer: localhost or 127.0.0.1)'
      : 'must use https://';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https://';
  if (url.username !== '' || url.password !== '') return 'must not contain a user name or password';
  if (url.search !== '' || url.hash !== '') return 'must not contain a query (?) or a fragment (#)';
  return null;
}

/** `https://host[:port][/path]` without a trailing slash, so one service always has one spelling. */
function normalizeUrl(text: string): string {
  const url = new URL(text);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function urlField(allowLoopbackHttp: boolean) {
  const message = allowLoopbackHttp ? 'must be a URL such as https://service.example' : 'must be an https:// URL';
  return z
    .string({ error: message })
    .trim()
    .max(2048, { error: 'is too long (2048 characters at most)' })
    .superRefine((text, ctx) => {
      const problem = urlProblem(text, allowLoopbackHttp);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalizeUrl);
}

const wholeNumber = (from: number, to: number) => {
  const message = `must be a whole number from ${from} to ${to}`;
  return z.number({ error: message }).int({ error: message }).min(from, { error: message }).max(to, { error: message });
};

/**
 * What a site may program its scanners to send before and after each code: 1 to 8 visible characters (no spaces, which
 * the scan field trims), so a scan is told from typing by its marks rather than by the speed of the keys.
 */
const scannerMark = z
  .string({ error: 'must be 1 to 8 visible characters' })
  .regex(/^[^\s\p{C}]{1,8}$/u, { error: 'must be 1 to 8 visible characters, without spaces' })
  .nullable();

/** The pharmacy's NATS servers for the events relay: nats:// or tls:// URLs, comma-separated (a cluster). */
const natsServers = z
  .string({ error: 'must be nats:// or tls:// URLs, comma-separated' })
  .trim()
  .max(1024, { error: 'is too long (1024 characters at most)' })
  .regex(/^(nats|tls):\/\/[A-Za-z0-9.[\]:-]+(,\s*(nats|tls):\/\/[A-Za-z0-9.[\]:-]+)*$/, {
    error: 'must be nats:// or tls:// URLs (host and port), comma-separated',
  })
  .nullable();

/** A station's id on the pharmacy's stream (IT's NATS user for it): letters, digits, dot, dash, underscore. */
const relayStationId = z
  .string({ error: 'must be 1 to 60 letters, digits, ".", "-" or "_"' })
  .regex(/^[A-Za-z0-9._-]{1,60}$/, { error: 'must be 1 to 60 letters, digits, ".", "-" or "_"' })
  .nullable();

/** What settings:update takes for the events relay (checked by the settings schema when saved; an admin's). */
export const relaySettingsPatch = {
  eventsRelayServers: z.string().max(1024).nullable().optional(),
  eventsRelayStation: z.string().max(60).nullable().optional(),
  eventsRelayName: z.string().max(60).nullable().optional(),
};

const fields = {
  /** 'training': the in-process training service; 'custom': the service at baseUrl. */
  backend: z.enum(['training', 'custom'], { error: 'must be "training" or "custom"' }),
  /** The custom service; kept when switching back to training so switching again is one step. */
  baseUrl: urlField(true).nullable(),
  /** The localhost event listener's port (1024..65535: no privileges needed). */
  listenerPort: wholeNumber(1024, 65535),
  /** A public https URL that tunnels to the listener, registered instead of the loopback URL when set. */
  publicWebhookUrl: urlField(false).nullable(),
  /** The pharmacy's events relay (its NATS servers), or null: this station listens and polls on its own. */
  eventsRelayServers: natsServers,
  /** This station's id (and NATS user) on the relay's stream; its password is in the keychain. */
  eventsRelayStation: relayStationId,
  /** How the other stations name this one ("Station 3"). */
  eventsRelayName: z.string({ error: 'must be text' }).trim().min(1).max(60).nullable(),
  /** Minutes of inactivity before the station locks. */
  idleLockMinutes: wholeNumber(1, 240),
  /** The characters this site's scanners send before each code, or null (then the key timing tells a scan). */
  scannerPrefix: scannerMark,
  /** The characters this site's scanners send after each code, before Enter, or null. */
  scannerSuffix: scannerMark,
  /** The most one service answer may carry (MiB); a larger one is refused, read no further. */
  serviceAnswerLimitMiB: wholeNumber(1, 1024),
  /** The pharmacy on the labels, the label stock and a printer per kind of document (document-settings.ts). */
  ...documentSettingsFields,
};

export const settingsSchema = z.strictObject(fields).superRefine((settings, ctx) => {
  if (settings.backend === 'custom' && settings.baseUrl === null) {
    ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'is needed when backend is "custom"' });
  }
});

export type Settings = z.output<typeof settingsSchema>;
/** What a caller may change in one save; keys left out keep their stored value. */
export type SettingsPatch = Partial<z.input<typeof settingsSchema>>;
export type SettingsField = keyof typeof fields;
export const settingsFields = Object.keys(fields) as SettingsField[];

/** A fresh install: the training service, the default listener port, no tunnel. */
export const defaultSettings: Settings = Object.freeze({
  backend: 'training',
  baseUrl: null,
  listenerPort: DEFAULT_LISTENER_PORT,
  publicWebhookUrl: null,
  eventsRelayServers: null,
  eventsRelayStation: null,
  eventsRelayName: null,
  idleLockMinutes: DEFAULT_IDLE_LOCK_MINUTES,
  scannerPrefix: null,
  scannerSuffix: null,
  serviceAnswerLimitMiB: DEFAULT_SERVICE_ANSWER_LIMIT_MIB,
  ...defaultDocumentSettings,
});

/** The base URL of the custom service, or null in training mode (whose URL is known only once it runs). */
export function customBaseUrl(settings: Settings): string | null {
  return settings.backend === 'custom' ? settings.baseUrl : null;
}

/** One stored field checked alone (used to keep the good fields of a hand-edited file). */
export function parseField(field: SettingsField, value: unknown): { ok: true; value: unknown } | { ok: false } {
  const parsed = fields[field].safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

export interface SettingsIssue {
  field: string;
  message: string;
}

/** Zod's issues as `{ field, message }`, naming the field and never quoting the value. */
export function settingsIssues(error: z.ZodError): SettingsIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: key, message: 'is not a setting' }));
    }
    return [{ field: issue.path.map(String).join('.') || '(settings)', message: issue.message }];
  });
}
