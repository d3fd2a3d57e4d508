// The words of a notification email: a subject a pharmacist can scan in an inbox, and a plain-text body with the link.
import { findEvent } from './catalogue.ts';

type Data = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function patientName(data: Data): string | null {
  const name = [text(data.first_name), text(data.last_name)].filter((part) => part !== null).join(' ');
  return name === '' ? null : name;
}

/** E.g. "Order shipped: order 1000042 for Avery Example". Kept short and single-line (it is a header). */
export function emailSubject(eventCode: string, data: Data): string {
  const name = findEvent(eventCode)?.name ?? eventCode;
  const what = text(data.order_number)
    ? `order ${text(data.order_number)}`
    : text(data.drug_name)
      ? (text(data.drug_name) as string)
      : null;
  const who = patientName(data);
  const subject = [name, what ? `: ${what}` : '', who ? ` for ${who}` : ''].join('');
  return subject.replace(/[\r\n]+/g, ' ').slice(0, 200);
}

/** The plain-text body: what happened, the record's summary, and the deep link. */
export function emailBody(eventCode: string, data: Data, eventId: string): string {
  const info = findEvent(eventCode);
  const lines = [`${info?.name ?? eventCode}: ${info?.description ?? ''}`.trim(), ''];
  const fields: [string, unknown][] = [
    ['Order', data.order_number],
    ['Patient', patientName(data)],
    ['Status', text(data.status_name) ?? data.status],
    ['Drug', data.drug_name],
    ['Reason', data.stuck_reason],
  ];
  for (const [label, value] of fields) if (text(value)) lines.push(`${label}: ${value}`);
  const shipment = data.shipment as Data | undefined;
  if (shipment && text(shipment.tracking_number)) {
    lines.push(`Tracking: ${[shipment.carrier, shipment.tracking_number].filter(text).join(' ')}`);
  }
  lines.push('', `Open: ${String(data.url)}`, '', `Event ${eventCode}, id ${eventId}.`);
  lines.push('You receive this because you subscribed to these notifications in the training service.');
  return `${lines.join('\n')}\n`;
}
