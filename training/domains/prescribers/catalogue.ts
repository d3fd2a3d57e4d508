// What surrounds a prescriber: the credential catalogue, a prescriber's credentials, supervision pairs and product restrictions.

import type { Db } from '../../database/db.ts';
import { docOf, newId } from '../../database/records.ts';
import { badRequest, notFound } from '../../http/errors.ts';

/** The credentials a prescriber may hold (the prescribing professions a US pharmacy fills for). */
export const credentialCatalogue: readonly { code: string; name: string }[] = [
  { code: 'MD', name: 'Doctor of Medicine' },
  { code: 'DO', name: 'Doctor of Osteopathic Medicine' },
  { code: 'NP', name: 'Nurse Practitioner' },
  { code: 'APRN', name: 'Advanced Practice Registered Nurse' },
  { code: 'CNM', name: 'Certified Nurse Midwife' },
  { code: 'PA', name: 'Physician Assistant' },
  { code: 'DDS', name: 'Doctor of Dental Surgery' },
  { code: 'DMD', name: 'Doctor of Dental Medicine' },
  { code: 'DPM', name: 'Doctor of Podiatric Medicine' },
  { code: 'OD', name: 'Doctor of Optometry' },
  { code: 'PharmD', name: 'Doctor of Pharmacy' },
  { code: 'DVM', name: 'Doctor of Veterinary Medicine' },
  { code: 'ND', name: 'Doctor of Naturopathic Medicine' },
];

/** Seeds the credential catalogue once; safe to call on every start. */
export function ensureCredentials(db: Db): void {
  if (db.get('SELECT code FROM credentials LIMIT 1')) return;
  for (const { code, name } of credentialCatalogue) {
    db.run('INSERT OR IGNORE INTO credentials (code, name) VALUES (?, ?)', code, name);
  }
}

export function listCredentials(db: Db) {
  ensureCredentials(db);
  return db.all<{ credential_code: string; credential_name: string }>(
    'SELECT code AS credential_code, name AS credential_name FROM credentials ORDER BY rowid',
  );
}

export function credentialsOf(db: Db, prescriberId: string) {
  return db.all<{ credential_code: string; credential_name: string }>(
    `SELECT c.code AS credential_code, c.name AS credential_name
     FROM prescriber_credentials pc JOIN credentials c ON c.code = pc.credential_code
     WHERE pc.prescriber_id = ? ORDER BY c.rowid`,
    prescriberId,
  );
}

/** Gives a prescriber credentials from the catalogue (the demo data uses it; no operation sets them). */
export function addPrescriberCredentials(db: Db, prescriberId: string, codes: readonly string[]): void {
  ensureCredentials(db);
  for (const code of codes) {
    if (!db.get('SELECT code FROM credentials WHERE code = ?', code)) throw badRequest(`Unknown credential ${code}.`);
    db.run(
      'INSERT OR IGNORE INTO prescriber_credentials (prescriber_id, credential_code) VALUES (?, ?)',
      prescriberId,
      code,
    );
  }
}

/** Records that one prescriber supervises another (the demo data uses it; no operation creates one). */
export function addSupervision(db: Db, supervisorId: string, superviseeId: string, now: Date): string {
  if (supervisorId === superviseeId) throw badRequest('A prescriber does not supervise themself.');
  const existing = db.get<{ id: string }>(
    'SELECT id FROM supervisions WHERE supervisor_id = ? AND supervisee_id = ?',
    supervisorId,
    superviseeId,
  );
  if (existing) return existing.id;
  const id = newId();
  const at = now.toISOString();
  db.run(
    'INSERT INTO supervisions (id, supervisor_id, supervisee_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    id,
    supervisorId,
    superviseeId,
    at,
    at,
  );
  return id;
}

interface SupervisionJoin {
  id: string;
  created_at: string;
  updated_at: string;
  supervisor_id: string;
  supervisor_first_name: string;
  supervisor_last_name: string;
  supervisor_npi: string;
  supervisee_id: string;
  supervisee_first_name: string;
  supervisee_last_name: string;
  supervisee_npi: string;
}

/** The supervisor's relationships, each with both parties in short form. */
export function superviseesOf(db: Db, supervisorId: string) {
  return db
    .all<SupervisionJoin>(
      `SELECT s.id, s.created_at, s.updated_at,
         a.id AS supervisor_id, a.first_name AS supervisor_first_name, a.last_name AS supervisor_last_name, a.npi AS supervisor_npi,
         b.id AS supervisee_id, b.first_name AS supervisee_first_name, b.last_name AS supervisee_last_name, b.npi AS supervisee_npi
       FROM supervisions s
       JOIN prescribers a ON a.id = s.supervisor_id
       JOIN prescribers b ON b.id = s.supervisee_id
       WHERE s.supervisor_id = ?
       ORDER BY b.last_name COLLATE NOCASE, b.first_name COLLATE NOCASE, s.id`,
      supervisorId,
    )
    .map((r) => ({
      id: r.id,
      created_at: r.created_at,
      updated_at: r.updated_at,
      supervisor: {
        id: r.supervisor_id,
        first_name: r.supervisor_first_name,
        last_name: r.supervisor_last_name,
        npi: r.supervisor_npi,
      },
      supervisee: {
        id: r.supervisee_id,
        first_name: r.supervisee_first_name,
        last_name: r.supervisee_last_name,
        npi: r.supervisee_npi,
      },
    }));
}

/** The products a prescriber may not prescribe, in short form. */
export function restrictionsOf(db: Db, productIds: readonly string[]) {
  return productIds.flatMap((id) => {
    const product = db.get<{ id: string; name: string; sku: string }>(
      'SELECT id, name, sku FROM products WHERE id = ?',
      id,
    );
    return product ? [product] : [];
  });
}

/** Forbids a prescriber a product (the demo data uses it; no operation sets restrictions). */
export function restrictPrescriber(db: Db, prescriberId: string, productId: string, now: Date): void {
  if (!db.get('SELECT id FROM products WHERE id = ?', productId)) throw notFound('product', productId);
  const row = db.get<{ doc: string }>('SELECT doc FROM prescribers WHERE id = ?', prescriberId);
  if (!row) throw notFound('prescriber', prescriberId);
  const doc = docOf<{ restricted_product_ids?: string[] }>(row);
  const ids = new Set(doc.restricted_product_ids ?? []).add(productId);
  db.run(
    'UPDATE prescribers SET doc = ?, updated_at = ? WHERE id = ?',
    JSON.stringify({ ...doc, restricted_product_ids: [...ids] }),
    now.toISOString(),
    prescriberId,
  );
}
