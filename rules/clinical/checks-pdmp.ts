// The state's prescription drug monitoring program (PDMP): before a controlled substance is filled, the pharmacist looks
// the patient up in the PDMP of the state it ships to and records what it showed. Until they do, the check fails, and
// its acknowledgement is that record (kept with the review in the audit log); "OK to fill" waits for it.
import { type Check, type CheckInput, drugLabel, scheduleOfInput } from './check-model.ts';

export function pdmpCheck(input: CheckInput): Check {
  const title = 'State PDMP checked';
  const schedule = scheduleOfInput(input);
  const controlled = schedule !== null || input.product?.is_controlled_substance === true;
  if (!controlled) {
    return { id: 'pdmp', title, status: 'pass', reason: 'Not a controlled substance: no PDMP look-up needed.' };
  }
  const drug = drugLabel(input.prescription, input.product);
  const where = input.shippingState ? `the ${input.shippingState.state} PDMP` : "the PDMP of the patient's state";
  return {
    id: 'pdmp',
    title,
    status: 'fail',
    reason: `${drug} is ${schedule ? `C-${schedule}` : 'a controlled substance'}: look the patient up in ${where} and record what it showed.`,
  };
}
