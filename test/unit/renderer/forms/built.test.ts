// One way every record form saves: errors shown instead of sending, nothing sent when nothing changed, else sent.
import { describe, expect, it } from 'vitest';
import { ariaShortcut, shownShortcut } from '../../../../renderer/forms/ActionButton.tsx';
import { type BuiltChange, sendBuilt } from '../../../../renderer/forms/built.ts';
import type { FieldErrors } from '../../../../renderer/forms/field-errors.ts';

function recorder() {
  const calls: string[] = [];
  const form = {
    showErrors: (errors: FieldErrors) => calls.push(`errors ${JSON.stringify(errors)}`),
    clearErrors: () => calls.push('clear'),
  };
  const send = (body: { name: string }) => calls.push(`send ${body.name}`);
  return { calls, form, send };
}

describe('sendBuilt', () => {
  it('clears the earlier errors, then sends the body', () => {
    const { calls, form, send } = recorder();
    sendBuilt({ ok: true, body: { name: 'Avery' } }, form, send);
    expect(calls).toEqual(['clear', 'send Avery']);
  });

  it('shows the errors beside the fields and sends nothing', () => {
    const { calls, form, send } = recorder();
    sendBuilt<{ name: string }>({ ok: false, errors: { last_name: 'Required' } }, form, send);
    expect(calls).toEqual(['errors {"last_name":"Required"}']);
  });

  it('sends nothing when nothing changed, and says so to the caller', () => {
    const { calls, form, send } = recorder();
    const unchanged: BuiltChange<{ name: string }> = { ok: 'unchanged' };
    sendBuilt(unchanged, form, send, () => calls.push('unchanged'));
    expect(calls).toEqual(['unchanged']);
  });
});

describe('the action button shortcut', () => {
  it('spells Ctrl out for aria-keyshortcuts', () => {
    expect(ariaShortcut('Ctrl+Enter')).toBe('Control+Enter');
    expect(ariaShortcut('Alt+N')).toBe('Alt+N');
  });

  it('writes Escape as Esc only in the verify screen look', () => {
    expect(shownShortcut('Escape', 'bold')).toBe('Esc');
    expect(shownShortcut('Escape', 'hint')).toBe('Escape');
    expect(shownShortcut('Escape', 'quiet')).toBe('Escape');
  });
});
