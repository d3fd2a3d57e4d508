// The pharmacist's final check (issue 37): the pharmacy-wide list of orders a technician verified that wait for it, as
// main reads it from the pharmacy's record (finalCheck:queue: the same at every station), and the open order's check
// by scan (FinalCheckPanel). Alt+Shift+F opens it from anywhere.
import { useState } from 'react';
import type { FinalCheckQueueEntry } from '../../../contract/ipc/final-check-channels.ts';
import { formatWhen } from '../../format/when.ts';
import { useFinalCheckQueue } from '../../queries/final-check.ts';
import { ListBody } from '../../widgets/ListBody.tsx';
import { FinalCheckPanel } from './FinalCheckPanel.tsx';
import { finalCheckWords as words } from './wording.ts';
import '../../forms/records.css';
import './final-check.css';

export function FinalCheckScreen() {
  const queue = useFinalCheckQueue();
  // The open order stays open once its check passed and it left the list: the panel shows main's answer.
  const [open, setOpen] = useState<FinalCheckQueueEntry | null>(null);
  const orders = queue.data?.orders ?? [];
  const now = new Date();
  return (
    <main className="screen records final-check-screen" aria-labelledby="final-check-title">
      <header className="records-head">
        <div>
          <h1 id="final-check-title">{words.title}</h1>
          <p className="muted">{words.intro}</p>
        </div>
        <button type="button" className="button" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
          {words.refresh}
        </button>
      </header>
      {queue.data && !queue.data.needed ? <p className="notice notice-info">{words.notNeeded}</p> : null}
      <div className="final-check-layout">
        <section className="card" aria-labelledby="final-check-list">
          <h2 id="final-check-list">
            {words.listTitle} <span className="queue-count">{orders.length}</span>
          </h2>
          <ListBody read={queue} what={words.what} count={orders.length} empty={words.empty}>
            <ul className="final-check-rows">
              {orders.map((entry) => (
                <li key={entry.orderId}>
                  <button
                    type="button"
                    className="button final-check-row"
                    aria-pressed={entry.orderId === open?.orderId}
                    onClick={() => setOpen(entry)}
                  >
                    <strong>{words.order(entry.orderNumber ?? entry.orderId)}</strong>
                    <span>
                      {words.verifiedBy(entry.verifiedBy, entry.station)} · {formatWhen(entry.verifiedAt, now)} ·{' '}
                      {words.lines(entry.lineCount)}
                    </span>
                    {entry.lastStop ? (
                      <span className="pill pill-bad">
                        {words.lastStop}: {entry.lastStop.split(':')[0]}
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          </ListBody>
        </section>
        {open ? <FinalCheckPanel key={open.orderId} entry={open} onClose={() => setOpen(null)} /> : null}
      </div>
    </main>
  );
}
