// One prescriber: identity, licenses by state (Alt+L adds one, Alt+U updates the selected), and the rest beside.
import { useState } from 'react';
import type { Qualification } from '../../../contract/service/prescribers.ts';
import { useCommands } from '../../commands/command-store.ts';
import { personName } from '../../format/record-values.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { usePrescriber } from '../../queries/prescribers.ts';
import { useMay } from '../../queries/session.ts';
import { RecordHead } from '../../records/RecordHead.tsx';
import { RecordNotRead } from '../../records/RecordNotRead.tsx';
import { moveSelection, stepCommands } from '../../records/selection.ts';
import { navigate } from '../../state/navigation-store.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { LicenseForm } from './LicenseForm.tsx';
import { Licenses } from './Licenses.tsx';
import { licensesByState } from './licenses.ts';
import { PrescriberFacts } from './PrescriberFacts.tsx';
import { prescriberWords } from './wording.ts';

const toList = () => navigate({ screen: 'prescribers' });

export function PrescriberDetails({ prescriberId }: { prescriberId: string }) {
  const prescriber = usePrescriber(prescriberId);
  const [form, setForm] = useState<{ editing: Qualification | null } | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // License changes are a pharmacist's or an admin's (the service refuses anyone else).
  const canEdit = useMay('change_licenses');
  const data = prescriber.data;
  const qualifications = data?.qualifications ?? [];
  const current = licensesByState(qualifications).flatMap((group) =>
    group.licenses.filter((l) => l.is_active !== false),
  );
  const selected = current.find((l) => l.id === selectedId) ?? null;
  const move = (by: number) => {
    if (current.length === 0) return;
    const next = moveSelection(
      current.findIndex((l) => l.id === selectedId),
      by,
      current.length,
    );
    setSelectedId(current[next]?.id ?? null);
  };
  const open = (editing: Qualification | null) => {
    setSaved(null);
    setForm({ editing });
  };

  useCommands([
    {
      id: 'prescriber.license.add',
      title: prescriberWords.addLicenseCommand,
      group: prescriberWords.group,
      shortcut: 'Alt+L',
      enabled: canEdit && !!data && !form,
      run: () => open(null),
    },
    ...stepCommands({ id: 'prescriber.license', noun: 'license', group: prescriberWords.group, enabled: !form, move }),
    {
      id: 'prescriber.license.update',
      title: prescriberWords.updateLicense,
      group: prescriberWords.group,
      shortcut: 'Alt+U',
      enabled: canEdit && !form && selected !== null,
      run: () => selected && open(selected),
    },
    {
      id: 'prescriber.list',
      title: prescriberWords.toListCommand,
      group: prescriberWords.group,
      shortcut: 'Escape',
      enabled: !form,
      run: toList,
    },
  ]);

  if (!data) {
    return <RecordNotRead query={prescriber} words={prescriberWords} onBack={toList} />;
  }

  const credentials = (data.credentials ?? []).map((c) => c.credential_code).join(', ');
  const facts = [
    `NPI ${data.npi ?? '—'}`,
    data.dea ? `DEA ${data.dea}` : null,
    data.is_active === false ? 'Inactive' : 'Active',
  ].filter(Boolean);
  return (
    <main className="screen records" aria-labelledby="prescriber-title">
      <RecordHead
        titleId="prescriber-title"
        title={
          <>
            {personName(data)}
            {credentials ? <span className="title-credentials">{credentials}</span> : null}
          </>
        }
        below={<p className="muted">{facts.join(' · ')}</p>}
        actions={
          <div className="row">
            <ActionButton primary shortcut="Alt+L" onClick={() => open(null)} disabled={!canEdit || form !== null}>
              {prescriberWords.addLicense}
            </ActionButton>
            <ActionButton shortcut="Escape" onClick={toList} disabled={form !== null}>
              {prescriberWords.toList}
            </ActionButton>
          </div>
        }
      />
      <StaleNote updatedAt={prescriber.dataUpdatedAt} refreshFailed={prescriber.isError} />
      {saved ? (
        <p className="notice notice-good" role="status">
          {saved}
        </p>
      ) : null}
      <div className="prescriber-layout">
        <section className="card prescriber-licenses" aria-labelledby="licenses-title">
          <div className="section-head">
            <h2 id="licenses-title">{prescriberWords.licensesTitle}</h2>
            <span className="muted risk-keys">
              <kbd>{prescriberWords.keys.up}</kbd> <kbd>{prescriberWords.keys.down}</kbd>
              {prescriberWords.keys.select}
              <kbd>{prescriberWords.keys.update}</kbd>
              {prescriberWords.keys.updateWord}
              {canEdit ? '' : prescriberWords.licensesNeedPharmacist}
            </span>
          </div>
          {form ? (
            <LicenseForm
              prescriberId={data.id}
              qualifications={qualifications}
              editing={form.editing}
              onDone={(message) => {
                setForm(null);
                setSaved(message);
              }}
            />
          ) : null}
          <Licenses
            qualifications={qualifications}
            selectedId={selected?.id ?? null}
            canEdit={canEdit && form === null}
            onUpdate={(license) => {
              setSelectedId(license.id);
              open(license);
            }}
          />
        </section>
        <PrescriberFacts prescriber={data} />
      </div>
    </main>
  );
}
