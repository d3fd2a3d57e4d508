// The background parser of freeform risk factor text: picks up risk_factor_texts rows still 'processing' and writes their matches.
import type { RiskFactorType } from '../../../contract/service/patients.ts';
import type { Db } from '../../database/db.ts';
import { addRiskFactor, type RiskFactorInput } from './risk-factors.ts';
import { type ParsedChunk, parseRiskFactorText } from './text-parser.ts';
import { ensureVocabularyCatalogue } from './vocabulary.ts';

interface PendingText {
  id: string;
  patient_id: string;
  type: RiskFactorType;
  text: string;
}

/** How often the worker looks for texts nobody woke it for (patient create, texts left by a restart). */
const POLL_MS = 250;
/** Texts parsed per pass; the rest wait for the next pass so one flood does not hold the service. */
const BATCH = 25;

/** The risk factor a chunk becomes: the vocabulary entry it matched, or the chunk itself, visibly unmatched. */
function riskFactorOf(text: PendingText, chunk: ParsedChunk): RiskFactorInput {
  const common = { match_source: 'text' as const, risk_factor_text_id: text.id, text_chunk: chunk.text };
  const match = chunk.match;
  if (!match) return { ...common, type: text.type, name: chunk.text.slice(0, 200), matched: false };
  const input: RiskFactorInput = {
    ...common,
    type: match.entry.type,
    name: match.entry.name,
    confidence: match.confidence,
    matched: true,
    matched_via_synonym: match.viaSynonym,
  };
  if (match.entry.medication) {
    input.match_type = match.product ? 'product' : 'ingredient';
    if (match.term.kind === 'brand') input.brand_name = match.term.text;
    if (match.product) {
      input.clinical_product_rxcui = match.product.rxcui;
      input.product_rxcui = match.product.rxcui;
    }
  }
  return input;
}

/** Parses one stored text into the patient's risk factors and marks it parsed, in one transaction. */
export function parseStoredText(db: Db, text: PendingText, now: Date): void {
  db.transaction(() => {
    for (const chunk of parseRiskFactorText(text.text, text.type)) {
      addRiskFactor(db, text.patient_id, riskFactorOf(text, chunk), now);
    }
    db.run(
      "UPDATE risk_factor_texts SET status = 'parsed', updated_at = ? WHERE id = ? AND status = 'processing'",
      now.toISOString(),
      text.id,
    );
  });
}

/** Parses up to BATCH texts awaiting parsing, oldest first; answers how many it handled. */
export function parsePendingTexts(db: Db, now: Date, log: (entry: Record<string, unknown>) => void): number {
  const pending = db.all<PendingText>(
    "SELECT id, patient_id, type, text FROM risk_factor_texts WHERE status = 'processing' ORDER BY created_at, id LIMIT ?",
    BATCH,
  );
  if (pending.length === 0) return 0;
  ensureVocabularyCatalogue(db);
  for (const text of pending) {
    try {
      parseStoredText(db, text, now);
    } catch (error) {
      // A text that cannot be parsed must not be retried forever; it stays stored for a person to read.
      db.run("UPDATE risk_factor_texts SET status = 'failed', updated_at = ? WHERE id = ?", now.toISOString(), text.id);
      log({ level: 'warn', msg: 'risk factor text not parsed', id: text.id, error: String(error) });
    }
  }
  return pending.length;
}

export interface RiskFactorTextWorker {
  start(): void;
  stop(): Promise<void>;
  /** Parse soon (after the current request's transaction commits) instead of at the next poll. */
  wake(): void;
}

export function createRiskFactorTextWorker(deps: {
  db: Db;
  clock: () => Date;
  log: (entry: Record<string, unknown>) => void;
}): RiskFactorTextWorker {
  let timer: ReturnType<typeof setInterval> | null = null;
  let soon: ReturnType<typeof setImmediate> | null = null;
  const pass = () => {
    if (!timer) return;
    try {
      parsePendingTexts(deps.db, deps.clock(), deps.log);
    } catch (error) {
      deps.log({ level: 'warn', msg: 'risk factor text worker pass failed', error: String(error) });
    }
  };
  return {
    start() {
      if (timer) return;
      // Manual and autocomplete matches link to vocabulary entries too, not only parsed text.
      ensureVocabularyCatalogue(deps.db);
      timer = setInterval(pass, POLL_MS);
      timer.unref();
      this.wake();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (soon) clearImmediate(soon);
      timer = null;
      soon = null;
    },
    wake() {
      if (!timer || soon) return;
      soon = setImmediate(() => {
        soon = null;
        pass();
      });
    },
  };
}
