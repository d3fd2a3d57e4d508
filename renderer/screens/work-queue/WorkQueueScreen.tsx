// The review and verify work queue (issue 23; the core screen of PioneerRx and QS1): prescriptions waiting for a
// pharmacist's review, orders waiting for verification, and the holds, as main answers them (workQueue:get).
// Keyboard first: the arrows move between rows across the sections, Enter opens one, Alt+Shift+Q comes back.
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useWorkQueue } from '../../queries/work-queue.ts';
import { ListBody } from '../../widgets/ListBody.tsx';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { OrderRows, PrescriptionRows } from './QueueRows.tsx';
import { queueWords } from './wording.ts';
import '../../forms/records.css';
import './work-queue.css';

const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (i, last) => Math.min(i + 1, last),
  ArrowUp: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/** Moves the focus between the rows of every section, in the order they are shown. */
function moveBetweenRows(event: KeyboardEvent<HTMLElement>): void {
  const move = MOVES[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-queue-row]')];
  if (rows.length === 0) return;
  event.preventDefault();
  const at = rows.indexOf(document.activeElement as HTMLButtonElement);
  rows[at < 0 ? 0 : move(at, rows.length - 1)]?.focus();
}

function Section(props: { id: string; title: string; count: number; empty: string; children: ReactNode }) {
  return (
    <section className="card queue-section" aria-labelledby={props.id}>
      <h2 id={props.id} className="queue-heading">
        {props.title} <span className="queue-count">{props.count}</span>
      </h2>
      {props.count === 0 ? <p className="muted">{props.empty}</p> : props.children}
    </section>
  );
}

export function WorkQueueScreen() {
  const queue = useWorkQueue();
  const data = queue.data;
  const now = new Date();
  const main = useRef<HTMLElement>(null);
  const focused = useRef(false);
  // Opened from the keyboard, the first row takes the focus once the queue is read.
  useEffect(() => {
    if (!data || focused.current) return;
    focused.current = true;
    main.current?.querySelector<HTMLButtonElement>('[data-queue-row]')?.focus();
  }, [data]);
  const total = data ? data.review.length + data.verify.length + data.holds.length : 0;
  return (
    <main ref={main} className="screen records queue-screen" aria-labelledby="queue-title" onKeyDown={moveBetweenRows}>
      <header className="records-head">
        <div>
          <h1 id="queue-title">{queueWords.title}</h1>
          <p className="muted">{queueWords.intro}</p>
          <p className="muted queue-keys">{queueWords.keys}</p>
        </div>
        <button type="button" className="button" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
          {queueWords.refresh}
        </button>
      </header>
      {data?.offline ? <StaleNote updatedAt={data.readAt} refreshFailed /> : null}
      {data?.partial ? <p className="notice notice-warn">{queueWords.partial}</p> : null}
      <ListBody read={queue} what={queueWords.what} count={total || (data ? 1 : 0)} empty={null}>
        {data ? (
          <div className="queue-sections">
            <Section
              id="queue-review"
              title={queueWords.review}
              count={data.review.length}
              empty={queueWords.reviewEmpty}
            >
              <PrescriptionRows rows={data.review} now={now} />
            </Section>
            <Section
              id="queue-verify"
              title={queueWords.verify}
              count={data.verify.length}
              empty={queueWords.verifyEmpty}
            >
              <OrderRows rows={data.verify} now={now} />
            </Section>
            <Section id="queue-holds" title={queueWords.holds} count={data.holds.length} empty={queueWords.holdsEmpty}>
              <PrescriptionRows rows={data.holds} now={now} />
            </Section>
          </div>
        ) : null}
      </ListBody>
    </main>
  );
}
