// The bar under the intake that stays in view: what sending does now (or why it failed), Send and Clear.
import { ActionButton } from '../../forms/ActionButton.tsx';
import { planWords } from './field-words.ts';
import { useIntakeStore } from './intake-store.ts';
import { intakeWords } from './wording.ts';

export const SEND_SHORTCUT = 'Ctrl+Enter';
export const CLEAR_SHORTCUT = 'Alt+X';

export function ActionBar({ onSend, onClear }: { onSend(): void; onClear(): void }) {
  const draft = useIntakeStore((state) => state.draft);
  const sending = useIntakeStore((state) => state.sending);
  const failure = useIntakeStore((state) => state.failure);
  const status = sending ? intakeWords.sending : (failure?.headline ?? planWords(draft));
  return (
    <div className="form-actions intake-actions">
      <p className={`intake-status${failure && !sending ? ' intake-status-bad' : ''}`} aria-live="polite">
        {status}
      </p>
      <ActionButton primary shortcut={SEND_SHORTCUT} onClick={onSend} disabled={sending}>
        {sending ? intakeWords.sendingButton : intakeWords.sendButton}
      </ActionButton>
      <ActionButton shortcut={CLEAR_SHORTCUT} onClick={onClear} disabled={sending}>
        {intakeWords.clearForm}
      </ActionButton>
    </div>
  );
}
