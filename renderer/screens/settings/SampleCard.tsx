// A sample of one event: its payload previewed, or sent to a listener (this station's by default), with the result.
import { useState } from 'react';
import { deliverableEventCodes, sampleSendBody } from '../../../contract/service/notifications.ts';
import { useCommands } from '../../commands/command-store.ts';
import { prettyPayload } from '../../format/delivery-words.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { SelectField, TextField } from '../../forms/Field.tsx';
import { errorsFromDetails, errorsFromIssues, type FieldErrors } from '../../forms/field-errors.ts';
import { type SampleSentView, useSamplePreview, useSendSample } from '../../queries/notifications.ts';
import { messageOf } from '../../queries/station.ts';
import { SetupCard, SubmitForm } from '../../setup/SetupCard.tsx';
import type { DeliverableCode } from './event-codes.ts';
import { SampleResult } from './SampleResult.tsx';
import { type SentSample, subjectOf } from './sample-outcome.ts';
import { settingsWords } from './wording.ts';

export const PREVIEW_SHORTCUT = 'Alt+P';
export const SEND_SHORTCUT = 'Alt+S';

export function SampleCard(props: {
  listenerUrl: string | null;
  names: ReadonlyMap<string, string>;
  training: boolean;
}) {
  const [code, setCode] = useState<DeliverableCode>('order.created');
  // Null until someone types: the station's listener is the default, filled in once known.
  const [typedUrl, setTypedUrl] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<DeliverableCode | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<(SampleSentView & SentSample) | null>(null);
  const preview = useSamplePreview(previewed);
  const send = useSendSample();
  const url = typedUrl ?? props.listenerUrl ?? '';
  const choices = deliverableEventCodes.map((value) => ({ value, label: props.names.get(value) ?? value }));

  const showPreview = () => setPreviewed(code);
  const sendSample = () => {
    if (send.isPending) return;
    const parsed = sampleSendBody.safeParse({ event_code: code, webhook_url: url.trim() });
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    setSent(null);
    send.mutate(parsed.data, {
      onSuccess: (answer) =>
        setSent({
          ...answer,
          eventCode: parsed.data.event_code,
          subjectId: subjectOf(answer.payload_preview),
          toListener: props.listenerUrl !== null && parsed.data.webhook_url === props.listenerUrl,
        }),
      onError: (error) => setErrors(errorsFromDetails((error as { details?: unknown }).details)),
    });
  };
  useCommands([
    {
      id: 'notifications.previewSample',
      title: settingsWords.sample.previewCommand,
      group: settingsWords.group,
      shortcut: PREVIEW_SHORTCUT,
      run: showPreview,
    },
    {
      id: 'notifications.sendSample',
      title: settingsWords.sample.sendCommand,
      group: settingsWords.group,
      shortcut: SEND_SHORTCUT,
      run: sendSample,
    },
  ]);

  return (
    <SetupCard
      titleId="settings-sample-title"
      title={settingsWords.sample.title}
      explain={settingsWords.sample.explain}
    >
      <SubmitForm className="settings-form" labelledBy="settings-sample-title" onSubmit={sendSample}>
        <div className="sample-fields">
          <SelectField
            label={settingsWords.sample.event}
            value={code}
            blank={false}
            choices={choices}
            onChange={(value) => setCode(value as DeliverableCode)}
            error={errors.event_code}
          />
          <TextField
            label={settingsWords.sample.sendTo}
            value={url}
            onChange={(value) => {
              setTypedUrl(value);
              setErrors((current) => ({ ...current, webhook_url: '' }));
            }}
            error={errors.webhook_url || undefined}
            hint={props.listenerUrl ? settingsWords.sample.listenerHint : undefined}
            maxLength={2048}
          />
        </div>
        <div className="settings-actions">
          <ActionButton shortcut={PREVIEW_SHORTCUT} onClick={showPreview}>
            {settingsWords.sample.preview}
          </ActionButton>
          <ActionButton primary shortcut={SEND_SHORTCUT} onClick={sendSample} disabled={send.isPending}>
            {send.isPending ? settingsWords.sample.sending : settingsWords.sample.send}
          </ActionButton>
        </div>
      </SubmitForm>
      {send.isError ? (
        <p className="notice notice-bad" role="alert">
          {settingsWords.sample.notSent(messageOf(send.error))}
        </p>
      ) : null}
      {sent ? <SampleResult key={sent.sentAt} sent={sent} training={props.training} /> : null}
      {previewed && preview.isError ? (
        <p className="notice notice-bad" role="alert">
          {settingsWords.sample.noPreview(messageOf(preview.error))}
        </p>
      ) : null}
      {previewed && preview.data ? (
        <figure className="sample-preview">
          <figcaption>{settingsWords.sample.payloadOf(props.names.get(previewed) ?? previewed)}</figcaption>
          {/* React escapes the text: the payload is shown, never interpreted. */}
          <pre>{prettyPayload(preview.data.payload_preview)}</pre>
        </figure>
      ) : null}
    </SetupCard>
  );
}
