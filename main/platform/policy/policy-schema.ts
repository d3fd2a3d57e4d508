// The machine policy's schema: every field optional. Field rules are the settings' own, so a value IT may set is a
// value the station could hold. A field this station does not know is taken out first, named and ignored: a policy
// written for a newer station still starts an older one.
import { z } from 'zod';
import { documentKinds } from '../../../contract/documents.ts';
import { documentSettingsFields } from '../../../contract/ipc/document-settings.ts';
import { settingsSchema } from '../../../contract/ipc/settings.ts';
import { pharmacyPublicKey } from '../../../contract/pharmacy-record.ts';
import { pharmacySettingValues } from '../../../contract/pharmacy-settings.ts';

const fields = settingsSchema.shape;
const httpsUrl = fields.publicWebhookUrl.unwrap();
const printer = documentSettingsFields.printers.shape.prescription_label.unwrap();

export const machinePolicySchema = z
  .strictObject({
    /** The service every sign-in goes to (https; http only on loopback). Locks the service choice. */
    serviceUrl: fields.baseUrl.unwrap().optional(),
    /** The pharmacy's update feed (electron-updater's generic provider). Without it the station never checks. */
    updateFeedUrl: httpsUrl.optional(),
    /** Per kind of document, the printer to use (found again by the stable part of its name). Locks those kinds. */
    printers: z.strictObject(Object.fromEntries(documentKinds.map((kind) => [kind, printer.optional()]))).optional(),
    /** The longest idle lock a station may use: longer values are refused, a longer stored one is shortened. */
    maxIdleLockMinutes: fields.idleLockMinutes.optional(),
    /** The scanner marks (null: none). Set together: locks both. */
    scannerPrefix: fields.scannerPrefix.optional(),
    scannerSuffix: fields.scannerSuffix.optional(),
    /** The pharmacy's events relay, when it has one (read by the station's events, main/events/). */
    eventsRelayUrl: httpsUrl.optional(),
    /** The pharmacy's NATS servers (`tls://nats.pharmacy.lan:4222`, comma-separated): the link set up by IT. */
    eventsRelayServers: fields.eventsRelayServers.unwrap().optional(),
    /** The station's name on the link: a fixed name or a pattern with `{hostname}` (policy/relay-link.ts). */
    eventsRelayStation: z
      .string({ error: 'must be a name or a pattern such as pharmacy-{hostname}' })
      .regex(/^(?:[a-z0-9_-]|\{hostname\}){1,40}$/, {
        error: 'must be lower-case letters, digits, "-", "_" and {hostname} (40 characters at most)',
      })
      .optional(),
    /** The pharmacy's certificate authority (PEM) the NATS server's certificate is checked against. */
    eventsRelayCa: z
      .string({ error: 'must be a PEM certificate' })
      .max(65_536, { error: 'is too long (64 KiB at most)' })
      .regex(/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/, { error: 'must be a PEM certificate' })
      .optional(),
    /** True: the station refuses a NATS server that does not offer TLS (a CA or a tls:// server here demands it too). */
    eventsRelayTlsRequired: z.boolean({ error: 'must be true or false' }).optional(),
    /**
     * Whether this pharmacy's state allows tech-check-tech (a technician's verification is the final check). Set, it
     * locks the pharmacy-wide setting; absent, the pharmacy's record decides (main/service/settings/pharmacy-wide.ts).
     */
    techCheckTechAllowed: z.boolean({ error: 'must be true or false' }).optional(),
    /** The pharmacy's details, licences and label stock, locked for this station (else the pharmacy's record). */
    pharmacyName: pharmacySettingValues.pharmacyName.optional(),
    pharmacyAddress: pharmacySettingValues.pharmacyAddress.optional(),
    pharmacyPhone: pharmacySettingValues.pharmacyPhone.optional(),
    licensedStates: pharmacySettingValues.licensedStates.optional(),
    labelStock: pharmacySettingValues.labelStock.optional(),
    /** True turns the GPU off (Remote Desktop and virtual machines turn it off whatever this says). */
    disableHardwareAcceleration: z.boolean({ error: 'must be true or false' }).optional(),
    /** True: the window fills the screen, with no menu and no developer tools (main/shells/electron/window.ts). */
    kioskMode: z.boolean({ error: 'must be true or false' }).optional(),
    /**
     * A Zebra (ZPL) printer for prescription labels, sent raw (main/work/print/raw-label.ts): a CUPS queue's name
     * (Linux, macOS) or `tcp://host[:port]` (its raw port, 9100 by default; Windows). With it the label goes as ZPL.
     */
    zplLabelPrinter: z
      .strictObject({
        target: z
          .string({ error: 'must be a CUPS queue name or tcp://host[:port]' })
          .regex(/^(?:[A-Za-z0-9_.][A-Za-z0-9_.-]{0,126}|tcp:\/\/[A-Za-z0-9.-]{1,253}(?::\d{1,5})?)$/, {
            error: 'must be a CUPS queue name or tcp://host[:port]',
          }),
        /** Dots per millimetre: 8 (203 dpi, the default) or 12 (300 dpi). */
        dotsPerMm: z.union([z.literal(8), z.literal(12)], { error: 'must be 8 (203 dpi) or 12 (300 dpi)' }).optional(),
      })
      .optional(),
    /**
     * The pharmacy's public key (`O…`, printed by `relay -- init`): the shared record believes a station's facts only
     * when an enrolment signed by this key vouches for it (main/events/record/enrolment-trust.ts).
     */
    pharmacyPublicKey: pharmacyPublicKey.optional(),
    /**
     * Seconds an idle station waits, with nothing asked of the service, before it asks whether the service answers
     * (main/service/connectivity/): shorter finds a frozen service sooner while nobody works, at the cost of requests
     * (the default, 600, is at most 6 an hour).
     */
    idleProbeSeconds: z
      .number({ error: 'must be a whole number of seconds from 5 to 3600' })
      .int({ error: 'must be a whole number of seconds from 5 to 3600' })
      .min(5, { error: 'must be a whole number of seconds from 5 to 3600' })
      .max(3600, { error: 'must be a whole number of seconds from 5 to 3600' })
      .optional(),
    /** True: a Windows update without a valid Authenticode signature may install (main/platform/updates/). */
    acceptUnsignedUpdates: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine((policy, ctx) => {
    // One mark alone would leave the other to each station, and a scan told half by marks is told by neither.
    for (const [set, missing] of [
      ['scannerPrefix', 'scannerSuffix'],
      ['scannerSuffix', 'scannerPrefix'],
    ] as const) {
      if (policy[set] !== undefined && policy[missing] === undefined)
        ctx.addIssue({ code: 'custom', path: [missing], message: `is needed with ${set} (use null for none)` });
    }
  });

export type MachinePolicy = z.output<typeof machinePolicySchema>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `json` without the fields this station does not know (top level and printers), and those fields' names. */
export function withoutUnknownFields(json: unknown): { known: unknown; ignored: string[] } {
  if (!isObject(json)) return { known: json, ignored: [] };
  const ignored: string[] = [];
  const keep = (object: Record<string, unknown>, names: readonly string[], prefix: string) =>
    Object.fromEntries(
      Object.entries(object).filter(([name]) => names.includes(name) || (ignored.push(`${prefix}${name}`) && false)),
    );
  const known = keep(json, Object.keys(machinePolicySchema.shape), '');
  if (isObject(known.printers)) known.printers = keep(known.printers, documentKinds, 'printers.');
  return { known, ignored };
}
