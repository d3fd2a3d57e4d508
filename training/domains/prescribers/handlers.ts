// The prescriber operations: list, create, get by UUID or NPI, credentials, supervisees, and state licenses.
import type { prescribersOperations } from '../../../contract/service/prescribers.ts';
import type { Db } from '../../database/db.ts';
import { type Handlers, paged, reply } from '../../http/handler.ts';
import { listCredentials, superviseesOf } from './catalogue.ts';
import {
  createPrescriber,
  listPrescribers,
  type PrescriberRow,
  prescriberView,
  resolvePrescriber,
} from './prescribers-repository.ts';
import { addQualification, qualificationView, resolveQualification, updateQualification } from './qualifications.ts';

export function prescribersHandlers(): Handlers<{ prescribers: typeof prescribersOperations }>['prescribers'] {
  return {
    list({ db, page }) {
      const { rows, total } = listPrescribers(db, page.pageSize, page.offset);
      return paged(
        rows.map((row) => prescriberView(db, row)),
        total,
      );
    },
    create({ db, body, now }) {
      const id = createPrescriber(db, body, now);
      return prescriberView(db, resolvePrescriber(db, id));
    },
    get({ db, params }) {
      return prescriberView(db, resolvePrescriber(db, params.prescriber_id));
    },
    credentials({ db }) {
      return listCredentials(db);
    },
    supervisees({ db, params }) {
      return superviseesOf(db, resolvePrescriber(db, params.prescriber_id).id);
    },
    createQualification({ db, params, body, now }) {
      const prescriber = resolvePrescriber(db, params.prescriber_id);
      const { row, created } = addQualification(db, prescriber.id, body, now);
      touch(db, prescriber, now);
      // The same number again changes the existing license: nothing new was created, so 200, not 201.
      return created ? qualificationView(row) : reply(200, qualificationView(row));
    },
    updateQualification({ db, params, body, now }) {
      const prescriber = resolvePrescriber(db, params.prescriber_id);
      const current = resolveQualification(db, prescriber.id, params.qualification_id);
      const row = updateQualification(db, current, body, now);
      touch(db, prescriber, now);
      return qualificationView(row);
    },
  };
}

/** A license change is a change of the prescriber's record too. */
function touch(db: Db, prescriber: PrescriberRow, now: Date): void {
  db.run('UPDATE prescribers SET updated_at = ? WHERE id = ?', now.toISOString(), prescriber.id);
}
