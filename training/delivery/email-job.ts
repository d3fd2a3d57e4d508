// One email: composed now from the stored event, written to the mailbox folder or sent by SMTP, then the outcome and
// the next try recorded.
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import { storedDoc } from '../database/records.ts';
import type { AttemptContext } from './attempt.ts';
import { emailBody } from './mail-text.ts';
import type { Mailer } from './mailer.ts';

interface EmailRow {
  event_id: string;
  event_code: string;
  to_address: string;
  subject: string;
  attempts: number;
  status: string;
  data: string;
  created_at: string;
}

export async function sendEmail(id: string, context: AttemptContext, mailer: Mailer): Promise<void> {
  const { db, clock } = context;
  const row = db.get<EmailRow>(
    `SELECT m.event_id, m.event_code, m.to_address, m.subject, m.attempts, m.status, e.data, e.created_at
       FROM email_notifications m JOIN notification_events e ON e.id = m.event_id WHERE m.id = ?`,
    id,
  );
  if (row?.status !== 'pending') return;
  const data = parseStoredJson(storedDoc, row.data, `notification event ${row.event_id}'s data`);
  let receipt: Awaited<ReturnType<Mailer['send']>> | null = null;
  let error: string | null = null;
  try {
    receipt = await mailer.send({
      id,
      to: row.to_address,
      subject: row.subject,
      text: emailBody(row.event_code, data, row.event_id),
      eventCode: row.event_code,
      eventId: row.event_id,
      date: new Date(row.created_at),
    });
  } catch (cause) {
    error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 300);
  }
  if (!context.stillCurrent()) return;
  const attempt = row.attempts + 1;
  const at = clock().toISOString();
  const next = receipt ? null : context.nextTry(attempt);
  db.run(
    `UPDATE email_notifications SET status = ?, attempts = ?, last_error = ?, due_ms = ?, transport = ?,
       file_name = ?, file_path = ?, sent_at = ? WHERE id = ?`,
    receipt ? 'sent' : next ? 'pending' : 'failed',
    attempt,
    error,
    next?.dueMs ?? null,
    receipt?.transport ?? null,
    receipt?.fileName ?? null,
    receipt?.filePath ?? null,
    receipt ? at : null,
    id,
  );
  if (!receipt) context.logFailure({ channel: 'email', id, url: null, attempt, error, willRetry: next !== null });
}
