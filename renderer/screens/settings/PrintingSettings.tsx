// Settings → Pharmacy and printing (admins): the pharmacy printed on every label, the states it is licensed to ship to,
// the label stock, and a printer per kind of document (empty: the system print dialog asks each time). Main refuses
// these fields from anyone but an admin. All but the printers are the pharmacy's (kept in its record, the same at every
// station); one the IT policy locks reads "Set by your pharmacy's IT" (SetByIt) and cannot be edited here.
import { type FormEvent, useId, useState } from 'react';
import { type DocumentKind, documentKinds, type LabelStock, labelStocks } from '../../../contract/documents.ts';
import type { PharmacySettingName } from '../../../contract/pharmacy-settings.ts';
import { useMachinePolicy } from '../../queries/machine-policy.ts';
import { usePharmacySettings } from '../../queries/pharmacy-settings.ts';
import { messageOf } from '../../queries/station.ts';
import { useSaveSettings, useWorkstationSettings } from '../../queries/workstation-settings.ts';
import { SetByIt } from '../../widgets/SetByIt.tsx';
import { PrinterFields, type Printers } from './PrinterFields.tsx';
import { stationSettingsWords } from './station-words.ts';

const words = stationSettingsWords.printing;

const STOCK_TITLES: Record<LabelStock, string> = {
  '4x2.5': '4 × 2.5 in',
  '4x6': '4 × 6 in (also DYMO 4XL)',
  '4x2.125': '4 × 2⅛ in (DYMO 30323)',
  '4x2.3125': '4 × 2-5/16 in (DYMO 30256)',
};
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** This card's pharmacy-wide fields, as a person reads them. */
const CARD_FIELDS = {
  pharmacyName: 'the pharmacy name',
  pharmacyAddress: 'the address',
  pharmacyPhone: 'the phone',
  licensedStates: 'the licensed states',
  labelStock: 'the label stock',
} as const;

/** What the card's form holds. */
interface Draft {
  name: string;
  address: string;
  phone: string;
  states: string;
  stock: LabelStock;
  printers: Printers;
}
type Loaded = NonNullable<ReturnType<typeof useWorkstationSettings>['data']>;
const draftOf = (loaded: Loaded | undefined): Draft => ({
  name: loaded?.pharmacyName ?? '',
  address: loaded?.pharmacyAddress ?? '',
  phone: loaded?.pharmacyPhone ?? '',
  states: loaded?.licensedStates.join(', ') ?? '',
  stock: loaded?.labelStock ?? '4x2.5',
  printers: Object.fromEntries(documentKinds.map((kind) => [kind, loaded?.printers[kind] ?? ''])) as Printers,
});

export function PrintingSettings() {
  const ids = useId();
  const settings = useWorkstationSettings();
  const save = useSaveSettings();
  // What the person typed, over what main answers: a re-read (another station's admin changed a pharmacy-wide field,
  // or the settings loaded after the first keystroke) shows the new values of untouched fields and keeps the typed ones.
  const [edits, setEdits] = useState<Partial<Draft>>({});
  const [saved, setSaved] = useState(false);
  const loaded = settings.data;
  const draft: Draft = { ...draftOf(loaded), ...edits };
  const edit = (change: Partial<Draft>) => setEdits((current) => ({ ...current, ...change }));
  // The pharmacy-wide fields of this card IT's policy locked (tech-check-tech has its own card).
  const locked = new Set(
    (usePharmacySettings().data ?? [])
      .filter((one) => one.source === 'policy' && one.name in CARD_FIELDS)
      .map((one) => one.name),
  );
  const policyFile = useMachinePolicy().data?.file ?? null;
  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const sent = edits;
    save.mutate(
      {
        pharmacyName: orNull(draft.name),
        pharmacyAddress: orNull(draft.address),
        pharmacyPhone: orNull(draft.phone),
        licensedStates: draft.states.split(/[\s,]+/).filter(Boolean),
        labelStock: draft.stock,
        printers: Object.fromEntries(documentKinds.map((kind) => [kind, orNull(draft.printers[kind])])) as Record<
          DocumentKind,
          string | null
        >,
      },
      {
        onSuccess: () => {
          // Saved, the fields follow main's answer again, unless the person typed on while it was saving.
          setEdits((current) => (current === sent ? {} : current));
          setSaved(true);
        },
      },
    );
  }

  const text = (id: PharmacySettingName, label: string, value: string, onChange: (value: string) => void) => (
    <label key={id} className="field">
      <span>{label}</span>
      <input
        value={value}
        maxLength={160}
        readOnly={locked.has(id)}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
  return (
    <section className="card settings-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{words.title}</h2>
      <p className="muted">{words.about}</p>
      <p className="muted">{words.pharmacyWide}</p>
      {locked.size > 0 ? (
        <SetByIt
          file={policyFile}
          detail={[...locked].map((name) => CARD_FIELDS[name as keyof typeof CARD_FIELDS]).join(', ')}
        />
      ) : null}
      <form className="printing-form" onSubmit={submit} noValidate>
        {text('pharmacyName', 'Pharmacy name', draft.name, (name) => edit({ name }))}
        {text('pharmacyAddress', 'Pharmacy address', draft.address, (address) => edit({ address }))}
        {text('pharmacyPhone', 'Pharmacy phone', draft.phone, (phone) => edit({ phone }))}
        {text('licensedStates', words.licensedStates, draft.states, (states) => edit({ states }))}
        <label className="field">
          <span>{words.stock}</span>
          <select
            value={draft.stock}
            disabled={locked.has('labelStock')}
            onChange={(event) => edit({ stock: event.target.value as LabelStock })}
          >
            {labelStocks.map((value) => (
              <option key={value} value={value}>
                {STOCK_TITLES[value]}
              </option>
            ))}
          </select>
        </label>
        <PrinterFields
          printers={draft.printers}
          saved={loaded?.printers}
          onChange={(kind, name) => edit({ printers: { ...draft.printers, [kind]: name } })}
        />
        {save.isError ? (
          <p className="field-error" role="alert">
            {words.notSaved(messageOf(save.error))}
          </p>
        ) : null}
        {saved ? (
          <p className="notice" role="status">
            {words.saved}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={save.isPending || !loaded}>
          {words.save}
        </button>
      </form>
    </section>
  );
}
