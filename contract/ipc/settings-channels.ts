// The settings' channels, spread into station-channels.ts: this station's own settings (settings.json: its printers,
// its listener port, its scanner marks), what the machine policy set and locked, and the pharmacy-wide settings the
// pharmacy's record holds (contract/pharmacy-settings.ts).
import { z } from 'zod';
import { pharmacySettingsPatch, pharmacySettingView } from '../pharmacy-settings.ts';
import { defineChannel } from './channel.ts';
import { policyView } from './machine-policy.ts';
import { documentSettingsPatch, relaySettingsPatch, settingsSchema } from './settings.ts';

const none = z.undefined();

export const settingsChannels = {
  'settings:get': defineChannel('settings:get', { input: none, output: settingsSchema, summary: 'The settings' }),
  'settings:policy': defineChannel('settings:policy', {
    input: none,
    output: policyView,
    summary: "What the machine policy set and locked (shown as set by your pharmacy's IT)",
  }),
  'settings:pharmacy': defineChannel('settings:pharmacy', {
    input: none,
    output: z.array(pharmacySettingView),
    summary: "The pharmacy-wide settings in force, where each comes from (the record, or the IT policy's lock)",
  }),
  'settings:changePharmacy': defineChannel('settings:changePharmacy', {
    /** Who changes is the signed-in admin the service confirmed (main's session); each value is checked in main. */
    input: pharmacySettingsPatch,
    output: z.array(pharmacySettingView),
    summary: "Change pharmacy-wide settings in the pharmacy's record (an admin the service confirmed)",
  }),
  'settings:update': defineChannel('settings:update', {
    input: z.strictObject({
      backend: z.enum(['training', 'custom']).optional(),
      baseUrl: z.string().max(2048).nullable().optional(),
      listenerPort: z.number().int().optional(),
      publicWebhookUrl: z.string().max(2048).nullable().optional(),
      idleLockMinutes: z.number().int().optional(),
      scannerPrefix: z.string().max(64).nullable().optional(),
      scannerSuffix: z.string().max(64).nullable().optional(),
      serviceAnswerLimitMiB: z.number().int().optional(),
      ...documentSettingsPatch,
      ...relaySettingsPatch,
    }),
    output: settingsSchema,
    summary: 'Change settings; a bad value is refused with a message naming the field',
  }),
};
