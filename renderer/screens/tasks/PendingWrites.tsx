// A task's writes still on their way: how far each got, the service's words for a refused one, and what to do with it.
import { ShortcutButton } from './ShortcutHint.tsx';
import { referenceWords, writeKinds, writeState } from './SyncMark.tsx';
import { taskTime } from './task-format.ts';
import type { OutboxEntryView, TaskRow } from './task-rows.ts';
import { taskShortcuts } from './task-shortcuts.ts';
import type { TaskActions } from './use-task-actions.ts';
import { taskWords } from './wording.ts';

function Discard({ entry, actions }: { entry: OutboxEntryView; actions: TaskActions }) {
  const shortcut = actions.discardable?.id === entry.id ? taskShortcuts.discard : null;
  if (actions.confirmingDiscard === entry.id) {
    return (
      <span className="row task-confirm">
        <span>{taskWords.writes.discardForGood}</span>
        <ShortcutButton shortcut={taskShortcuts.discard} onClick={() => actions.discard(entry)}>
          {taskWords.writes.yesDiscard}
        </ShortcutButton>
        <button type="button" className="button" onClick={actions.keep}>
          {taskWords.writes.keep}
        </button>
      </span>
    );
  }
  if (!shortcut) {
    return (
      <button type="button" className="button" onClick={() => actions.discard(entry)}>
        {taskWords.writes.discard}
      </button>
    );
  }
  return (
    <ShortcutButton shortcut={shortcut} onClick={() => actions.discard(entry)}>
      {taskWords.writes.discard}
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
    <section className="task-writes" aria-label={taskWords.writes.label}>
      <h3>{taskWords.writes.title}</h3>
      <ul>
        {row.writes.map((entry) => (
          <li key={entry.id} className={entry.state === 'failed' ? 'task-write task-write-failed' : 'task-write'}>
            <span className="task-write-what">
              <strong>{writeKinds[entry.kind]}</strong>
              {taskWords.writes.queued}
              {taskTime(entry.createdAt)}
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
                      {taskWords.writes.retry}
                    </ShortcutButton>
                    {entry.kind !== 'complete' ? (
                      <ShortcutButton shortcut={taskShortcuts.edit} onClick={onCorrect}>
                        {taskWords.writes.correct}
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
