// One scan judged by main: the scan field's text read once (a typed count, the code), matched against what main
// read (a service barcode asked of the service, a lot fetched when it is new), judged against the run's lines and
// counts on main's calendar day.

import { operations } from '../../../contract/service/operations.ts';
import recalls from '../../../resources/recalls/recalled-lots.json' with { type: 'json' };
import type { CatalogueIndex } from '../../../rules/verification/catalogue-index.ts';
import { indexLot } from '../../../rules/verification/catalogue-index.ts';
import { readScannedCode, type ScannedCode } from '../../../rules/verification/codes/scanned-code.ts';
import { localToday } from '../../../rules/verification/lines.ts';
import { type CodeMatch, matchCode, matchServiceEntity } from '../../../rules/verification/match.ts';
import { prescribedOrStop, type WrittenPrescription } from '../../../rules/verification/prescribed-product.ts';
import { countsOf, type VerifyRun } from '../../../rules/verification/run.ts';
import { judgeScan, type Verdict } from '../../../rules/verification/verdict.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { RunParts } from './run-parts.ts';

const notLookedUp = (code: string) =>
  new StationError(
    'offline',
    `${code} is a service label and the service is not answering, so it cannot be looked up now. Scan the product's own barcode, or type its SKU or NDC.`,
  );

/** What a service barcode labels, asked of the service; a label it never issued is an unrecognised code. */
export async function matchServiceBarcode(
  code: string,
  index: CatalogueIndex,
  parts: Pick<RunParts, 'read'>,
): Promise<CodeMatch> {
  let entity: { type: string; id: string };
  try {
    const read = await parts.read(operations.barcodes.verify, { body: { barcode_value: code } });
    const barcode = read.value;
    entity = { type: String(barcode.entity_type).toLowerCase(), id: String(barcode.entity_id) };
  } catch (error) {
    if (error instanceof StationError && error.code === 'offline') throw notLookedUp(code);
    return { kind: 'none' };
  }
  if (entity.type === 'inventory' && !index.lots.get(entity.id)?.productIds.length) {
    try {
      indexLot(index, (await parts.read(operations.inventory.get, { params: { lot_id: entity.id } })).value);
    } catch (error) {
      if (error instanceof StationError && error.code === 'offline') throw notLookedUp(code);
      return { kind: 'none' };
    }
  }
  return matchServiceEntity(entity.type, entity.id, index);
}

/**
 * The scan field's text as the renderer sent it, read once here: a count typed before `*`, and the code in every form
 * it may take. A text that is no code is refused with the rule's words (an empty code, a count outside 1–9999, too long).
 */
export function readScanText(text: string): ScannedCode {
  const read = readScannedCode(text);
  if (!read.ok) throw new StationError('invalid_input', read.message);
  return read.code;
}

/**
 * The verdict of one scan on `run`, from the code main read out of the renderer's text and what main read of the
 * service: the catalogue and the order's prescriptions as written (a product that is not the prescribed drug is a hard stop).
 */
export async function judgeInRun(
  run: VerifyRun,
  known: { index: CatalogueIndex; prescriptions: readonly WrittenPrescription[] | null },
  code: ScannedCode,
  parts: RunParts,
): Promise<Verdict> {
  const index = known.index;
  const today = localToday(new Date(parts.now()));
  let match = matchCode(code, index, today);
  if (match.kind === 'service_barcode') match = await matchServiceBarcode(code.raw, index, parts);
  const counted = countsOf(run);
  const verdict = judgeScan({ code, match, lines: run.lines, counted, index, today, recalls: recalls.lots });
  return prescribedOrStop(verdict, index, known.prescriptions ?? [], run.scans);
}
