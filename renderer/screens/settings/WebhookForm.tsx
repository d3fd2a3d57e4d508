// Subscribing a URL to events, or changing a subscription; editing the station's own one away needs a second yes.
import { useState } from 'react';
import type {
  WebhookCreateBody,
  WebhookSubscription,
  WebhookUpdateBody,
} from '../../../contract/service/notifications.ts';
import { TextField } from '../../forms/Field.tsx';
import { FormScreen } from '../../forms/FormScreen.tsx';
import { useFormState } from '../../forms/useFormState.ts';
import { useSaveWebhook } from '../../queries/notifications.ts';
import { messageOf, StationCallError } from '../../queries/station.ts';
import { EventChooser } from './EventChooser.tsx';
import {
  buildWebhookCreate,
  buildWebhookUpdate,
  emptyWebhookForm,
  listenerLoss,
  type WebhookFormValues,
  webhookFormKeys,
  webhookFormOf,
} from './webhook-form.ts';
import { settingsWords } from './wording.ts';

const fieldOf = (path: string): string => (path.startsWith('event_codes') ? 'event_codes' : path);

export function WebhookForm(props: {
  /** The subscription being changed; none for a new one. */
  editing: WebhookSubscription | null;
  listenerUrl: string | null;
  names: ReadonlyMap<string, string>;
  onDone(message: string | null): void;
}) {
  const { editing, listenerUrl } = props;
  const original = editing ? webhookFormOf(editing) : emptyWebhookForm();
  const form = useFormState<WebhookFormValues>(() => original, webhookFormKeys, fieldOf);
  const [accepted, setAccepted] = useState(false);
  const save = useSaveWebhook();
  const values = form.values;
  const losses = editing && listenerUrl ? listenerLoss(original, values, listenerUrl) : [];

  const submit = () => {
    if (save.isPending) return;
    const built = editing ? buildWebhookUpdate(original, values) : buildWebhookCreate(values);
    if (built.ok === 'unchanged') {
      props.onDone(null);
      return;
    }
    if (!built.ok) {
      form.showErrors(built.errors);
      return;
    }
    if (losses.length > 0 && !accepted) {
      form.showErrors({ '': settingsWords.webhookForm.ownNotAccepted });
      return;
    }
    form.clearErrors();
    const input = editing
      ? { id: editing.id, body: built.body as WebhookUpdateBody }
      : { body: built.body as WebhookCreateBody };
    save.mutate(input, {
      onSuccess: (saved) => props.onDone(settingsWords.webhookForm.saved(saved.url ?? values.url.trim())),
      onError: (error) => {
        // A URL already subscribed is a 409 whose message says which subscription to change instead.
        if (error instanceof StationCallError && error.code === 'conflict') form.showErrors({ url: messageOf(error) });
        else form.showRefusal(error);
      },
    });
  };

  return (
    <FormScreen
      id="notifications.webhook"
      title={editing ? settingsWords.webhookForm.changeTitle : settingsWords.webhookForm.newTitle}
      group={settingsWords.group}
      embedded
      saveLabel={editing ? settingsWords.webhookForm.saveChange : settingsWords.webhookForm.subscribe}
      saving={save.isPending}
      formErrors={form.formErrors}
      notice={
        losses.length > 0 ? (
          <div className="notice notice-warn" role="status">
            <strong>{settingsWords.webhookForm.own}</strong>
            <ul className="settings-losses">
              {losses.map((loss) => (
                <li key={loss}>{loss}</li>
              ))}
            </ul>
            <label className="event-choice">
              <input type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
              <span>{settingsWords.webhookForm.anyway}</span>
            </label>
          </div>
        ) : null
      }
      onSave={submit}
      onCancel={() => props.onDone(null)}
    >
      <TextField
        label={settingsWords.webhookForm.deliverTo}
        required
        value={values.url}
        onChange={(value) => form.set('url', value)}
        error={form.errors.url}
        hint={settingsWords.webhookForm.urlHint}
        maxLength={2048}
      />
      <EventChooser
        legend={settingsWords.webhookForm.events}
        choice={values.event_codes}
        names={props.names}
        onChange={(choice) => form.set('event_codes', choice)}
        error={form.errors.event_codes}
      />
    </FormScreen>
  );
}
