// The station's enrolment in the pharmacy's record (issue #35): the code IT reads off the screen for `relay -- enrol`.
// Spread into the station's own channels.
import { z } from 'zod';
import { defineChannel } from './channel.ts';

export const enrolmentChannels = {
  'pharmacy:enrolment': defineChannel('pharmacy:enrolment', {
    input: z.undefined().optional(),
    output: z.strictObject({
      /** This station's record key as IT reads it off the screen for `relay -- enrol` (groups of four). */
      code: z.string(),
      /** A short fingerprint of the key, to compare with what `relay -- enrol` printed. */
      fingerprint: z.string(),
      /** The station name its facts give: IT enrols the code under exactly this name (`--station`). */
      name: z.string(),
      /** Whether the pharmacy's record is shared (NATS) or this station's own (embedded: its key is its enrolment). */
      shared: z.boolean(),
      /** Whether an enrolment the station believes names its key; null on the embedded record. */
      enrolled: z.boolean().nullable(),
      /** Why this station believes no other station (the setting IT must set), or null. */
      problem: z.string().max(300).nullable(),
    }),
    summary: 'This station’s enrolment code for the pharmacy’s record, and whether it is enrolled',
  }),
};
