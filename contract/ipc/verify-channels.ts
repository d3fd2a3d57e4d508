// The verification run's channels: main keeps and decides the run, the renderer sends what was scanned and chosen.
// Spread into the station's own channels (station-channels.ts).
import { z } from 'zod';
import { defineChannel } from './channel.ts';
import {
  verifyAnswerStopInput,
  verifyFinishInput,
  verifyRunRef,
  verifyRunView,
  verifyScanInput,
  verifyStartInput,
} from './verify-runs.ts';

export const verifyChannels = {
  'verify:start': defineChannel('verify:start', {
    input: verifyStartInput,
    output: verifyRunView,
    summary: "Start or resume the signed-in person's verification of an order; main reads the order itself",
  }),
  'verify:scan': defineChannel('verify:scan', {
    input: verifyScanInput,
    output: verifyRunView,
    summary: 'One scan: main resolves, matches and counts it, or raises a stop, and saves it before it answers',
  }),
  'verify:undo': defineChannel('verify:undo', {
    input: verifyRunRef,
    output: verifyRunView,
    summary: 'Take back the latest counted scan',
  }),
  'verify:answerStop': defineChannel('verify:answerStop', {
    input: verifyAnswerStopInput,
    output: verifyRunView,
    summary: 'Let the stop waiting go with a reason (a pharmacist confirms their own); main keeps it in the audit log',
  }),
  'verify:finish': defineChannel('verify:finish', {
    input: verifyFinishInput,
    output: verifyRunView,
    summary: 'Record the run in the audit log as main judges it: verified or a discrepancy',
  }),
  'verify:dropRun': defineChannel('verify:dropRun', {
    input: verifyRunRef,
    output: z.strictObject({ orderId: z.string() }),
    summary: 'Let go of the verification in progress (a new one starts)',
  }),
};
