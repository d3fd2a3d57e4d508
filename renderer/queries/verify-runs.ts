// A verification run as main holds it (verify:*): every call answers the run as main now has it; the screen shows that
// and decides nothing. Main reads the order, the catalogue and the lots itself and records the result.
import type { StationApi } from '../../contract/ipc.ts';
import { station, unwrap } from './station.ts';

type Verify = StationApi['verify'];
type InputOf<C extends keyof Verify> = Parameters<Verify[C]>[0];

/** Starts this person's run on the order, or resumes the one main kept. */
export const startRun = (input: InputOf<'start'>) => unwrap(station().verify.start(input));
/** One scan's text as the field had it (a typed count included) and how it was entered, read and judged by main. */
export const scanIntoRun = (input: InputOf<'scan'>) => unwrap(station().verify.scan(input));
/** Takes back the last scan. */
export const undoLastScan = (input: InputOf<'undo'>) => unwrap(station().verify.undo(input));
/** Lets a stop go, with its reason (and a pharmacist's confirmation where one is needed). */
export const answerRunStop = (input: InputOf<'answerStop'>) => unwrap(station().verify.answerStop(input));
/** Ends the run: main records it when its counts allow. */
export const finishRun = (input: InputOf<'finish'>) => unwrap(station().verify.finish(input));
/** Drops the run kept for this order, to count again from nothing. */
export const dropRun = (input: InputOf<'dropRun'>) => unwrap(station().verify.dropRun(input));
