// Search hits as results: each the matching record in its domain's own view, plus `rank` and `result_type`.
import type { Db } from '../../database/db.ts';
import type { OrderRow } from '../orders/rows.ts';
import { orderView } from '../orders/view.ts';
import { type PatientRow, patientView } from '../patients/patients-repository.ts';
import { type PrescriberRow, prescriberView } from '../prescribers/prescribers-repository.ts';
import { type PrescriptionRow, prescriptionView } from '../prescriptions/views.ts';
import { type ProductRow, productView } from '../products/products-repository.ts';
import { type TaskRow, taskView } from '../tasks/tasks-repository.ts';
import type { DocumentKind, SearchHit } from './search-repository.ts';

export type SearchResultView = { id: string; rank: number; result_type: string; [field: string]: unknown };
type View = Record<string, unknown> & { id: string };

/** How to read each kind of record and show it; the table names are fixed here, never taken from input. */
const readers: Record<DocumentKind, { table: string; view: (db: Db, row: never, now: Date) => View }> = {
  order: { table: 'orders', view: (db, row: OrderRow, now) => orderView(db, row, now) },
  patient: { table: 'patients', view: (db, row: PatientRow, now) => patientView(db, row, now) },
  prescriber: { table: 'prescribers', view: (db, row: PrescriberRow) => prescriberView(db, row) },
  prescription: { table: 'prescriptions', view: (db, row: PrescriptionRow) => prescriptionView(db, row) },
  prescription_product: { table: 'products', view: (_db, row: ProductRow) => productView(row) },
  non_prescription: { table: 'products', view: (_db, row: ProductRow) => productView(row) },
  order_material: { table: 'products', view: (_db, row: ProductRow) => productView(row) },
  task: { table: 'tasks', view: (db, row: TaskRow) => taskView(db, row) },
};

/** Three decimals are plenty to read; the order was decided on the full value. */
const rounded = (rank: number) => Math.round(rank * 1000) / 1000;

/** The hits as results, in the hits' order. A hit whose record is gone (it cannot be, with the triggers) is left out. */
export function resultsOf(db: Db, hits: readonly SearchHit[], now: Date): SearchResultView[] {
  const results: SearchResultView[] = [];
  for (const hit of hits) {
    const reader = readers[hit.kind];
    const row = db.get(`SELECT * FROM ${reader.table} WHERE id = ?`, hit.ref);
    if (row === undefined) continue;
    results.push({ ...reader.view(db, row as never, now), rank: rounded(hit.rank), result_type: hit.kind });
  }
  return results;
}
