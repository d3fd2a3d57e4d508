// The training drills' channels (training service only): the list, a trainer starting one for a trainee, the trainee
// saying done (main scores it from its own records), and the results. Spread into the station's own channels.
import { z } from 'zod';
import { defineChannel } from './channel.ts';
import {
  competencyAnswer,
  competencyInput,
  drillAttempt,
  drillDoneInput,
  drillResultsInput,
  drillStartInput,
  drillSummary,
} from './drills.ts';

export const drillChannels = {
  'drills:list': defineChannel('drills:list', {
    input: z.undefined(),
    output: z.array(drillSummary),
    summary: 'The training drills this station offers (training service only)',
  }),
  'drills:start': defineChannel('drills:start', {
    input: drillStartInput,
    output: drillAttempt,
    summary: 'A trainer sets a drill up on the training service for a trainee: its order and practice bin',
  }),
  'drills:done': defineChannel('drills:done', {
    input: drillDoneInput,
    output: drillAttempt,
    summary: "The trainee is done: main scores every check from the station's own records of the drill's order",
  }),
  'drills:results': defineChannel('drills:results', {
    input: drillResultsInput,
    output: z.array(drillAttempt),
    summary: "Drill attempts, newest first: a trainee's own, every trainee's for an admin",
  }),
  'drills:competency': defineChannel('drills:competency', {
    input: competencyInput,
    output: competencyAnswer,
    summary: "A trainee's competency record (drills, dates, results, trainer) and its CSV: their own, or a trainer's",
  }),
};
