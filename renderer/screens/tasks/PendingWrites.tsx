// A task's writes still on their way: how far each got, the service's words for a refused one, and what to do with it.
import { ShortcutButton } from './ShortcutHint.tsx';
import { referenceWords, writeKinds, writeState } from './SyncMark.tsx';
import { formatWhen } from './task-format.ts';
import type { OutboxEntryView, TaskRow } from './task-rows.ts';
import { taskShortcuts } from './task-shortcuts.ts';
import type { TaskActions } from './use-task-actions.ts';

function Discard({ entry, actions }: { entry: OutboxEntryView; actions: TaskActions }) {
  const shortcut = actions.discardable?.id === entry.id ? taskShortcuts.discard : null;
  if (actions.confirmingDiscard === entry.id) {
    return (
      <span className="row task-confirm">
        <span>Discard it for good?</span>
        <ShortcutButton shortcut={taskShortcuts.discard} onClick={() => actions.discard(entry)}>
          Yes, discard
        </ShortcutButton>
        <button type="button" className="button" onClick={actions.keep}>
          Keep it
        </button>
      </span>
    );
  }
  if (!shortcut) {
    return (
      <button type="button" className="button" onClick={() => actions.discard(entry)}>
        Discard
      </button>
    );
  }
  return (
    <ShortcutButton shortcut={shortcut} onClick={() => actions.discard(entry)}>
      Discard
    </ShortcutButton>
  );
}

export function PendingWrites({
  row,
  actions,
  onCorrect,
}: {
  row: TaskRow;
  actions: TaskActions;
  onCorrect: () => void;
}) {
  if (row.writes.length === 0) return null;
  return (
    <section className="task-writes" aria-label="Changes not yet saved">
      <h3>Not yet saved by the service</h3>
      <ul>
        {row.writes.map((entry) => (
          <li key={entry.id} className={entry.state === 'failed' ? 'task-write task-write-failed' : 'task-write'}>
            <span className="task-write-what">
              <strong>{writeKinds[entry.kind]}</strong> queued {formatWhen(entry.createdAt)}
            </span>
            <span className="task-write-state" role={entry.state === 'failed' ? 'alert' : undefined}>
              {writeState(entry)}
            </span>
            {referenceWords(entry) ? <span className="task-write-refs">{referenceWords(entry)}</span> : null}
            {entry.state === 'sending' ? null : (
              <span className="row task-write-actions">
                {entry.state === 'failed' ? (
                  <>
                    <ShortcutButton shortcut={taskShortcuts.retry} primary onClick={() => actions.retry(entry)}>
                      Retry
                    </ShortcutButton>
                    {entry.kind !== 'complete' ? (
                      <ShortcutButton shortcut={taskShortcuts.edit} onClick={onCorrect}>
                        Correct
                      </ShortcutButton>
                    ) : null}
                  </>
                ) : null}
                <Discard entry={entry} actions={actions} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
