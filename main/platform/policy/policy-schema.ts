// The machine policy file's schema: every field optional, none unknown. Field rules are the settings' own, so a value
// IT may set is a value the station could hold.
import { z } from 'zod';
import { documentKinds } from '../../../contract/documents.ts';
import { documentSettingsFields } from '../../../contract/ipc/document-settings.ts';
import { settingsSchema } from '../../../contract/ipc/settings.ts';

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
    /**
     * Whether this pharmacy's state allows tech-check-tech (a technician's verification is the final check). Absent:
     * not allowed. A pharmacy-wide rule: only IT sets it (main/platform/policy/pharmacy-rules.ts), never settings.json.
     */
    techCheckTechAllowed: z.boolean({ error: 'must be true or false' }).optional(),
    /** True turns the GPU off (Remote Desktop and virtual machines turn it off whatever this says). */
    disableHardwareAcceleration: z.boolean({ error: 'must be true or false' }).optional(),
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
