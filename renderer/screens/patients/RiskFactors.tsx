// A patient's risk factors: by type, confirm or deactivate each, and add freeform text that the service parses.
import { useState } from 'react';
import type { RiskFactorMatch } from '../../../contract/service/patients.ts';
import { useCommands } from '../../commands/command-store.ts';
import { useConfirmRiskFactor, useDeactivateRiskFactor } from '../../queries/patients.ts';
import { useMay } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { moveSelection, stepCommands } from '../../records/selection.ts';
import { RiskFactorList } from './RiskFactorList.tsx';
import { RiskFactorText } from './RiskFactorText.tsx';
import {
  countsByType,
  filterMatches,
  needsConfirmation,
  type RiskFilter,
  riskFilterLabels,
  riskFilters,
} from './risk-factors.ts';
import { useParseWatch } from './useParseWatch.ts';
import { patientWords } from './wording.ts';

const keys = patientWords.risks.keys;

export function RiskFactors({ patientId }: { patientId: string }) {
  const parse = useParseWatch(patientId);
  const matches = parse.matches.data ?? [];
  const [filter, setFilter] = useState<RiskFilter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'good' | 'bad'; text: string } | null>(null);
  const confirm = useConfirmRiskFactor(patientId);
  const deactivate = useDeactivateRiskFactor(patientId);
  // The service refuses these to technicians; the screen says so before anyone tries.
  const judge = useMay('judge_risk_factors');

  const counts = countsByType(matches);
  const shown = filterMatches(matches, filter);
  const selectable = shown.active;
  const selected = selectable.find((m) => m.id === selectedId) ?? null;

  const act = (kind: 'confirm' | 'deactivate', match: RiskFactorMatch) => {
    setSelectedId(match.id);
    const mutation = kind === 'confirm' ? confirm : deactivate;
    mutation.mutate(match.id, {
      onSuccess: (done) =>
        setOutcome({
          tone: 'good',
          text: patientWords.risks.done(done.name, kind === 'confirm'),
        }),
      onError: (error) => setOutcome({ tone: 'bad', text: messageOf(error) }),
    });
  };
  const moveSelected = (by: number) => {
    if (selectable.length === 0) return;
    const next = moveSelection(
      selectable.findIndex((m) => m.id === selectedId),
      by,
      selectable.length,
    );
    setSelectedId(selectable[next]?.id ?? null);
  };
  const nextFilter = () => setFilter(riskFilters[(riskFilters.indexOf(filter) + 1) % riskFilters.length] as RiskFilter);
  const busy = confirm.isPending || deactivate.isPending;

  useCommands([
    ...stepCommands({ id: 'risk', noun: 'risk factor', group: 'Risk factors', move: moveSelected }),
    {
      id: 'risk.type',
      title: patientWords.nextRiskType,
      group: 'Risk factors',
      shortcut: 'Alt+T',
      run: nextFilter,
    },
    {
      id: 'risk.confirm',
      title: patientWords.confirmRisk,
      group: 'Risk factors',
      shortcut: 'Alt+C',
      enabled: judge && !busy && selected !== null && needsConfirmation(selected),
      run: () => selected && act('confirm', selected),
    },
    {
      id: 'risk.deactivate',
      title: patientWords.deactivateRisk,
      group: 'Risk factors',
      shortcut: 'Alt+D',
      enabled: judge && !busy && selected !== null,
      run: () => selected && act('deactivate', selected),
    },
  ]);

  return (
    <section className="card risk-factors" aria-labelledby="risk-title">
      <div className="section-head">
        <h2 id="risk-title">{patientWords.risks.title}</h2>
        <fieldset className="segmented">
          <legend className="sr-only">{patientWords.risks.typeChoice}</legend>
          {riskFilters.map((type) => (
            <button
              key={type}
              type="button"
              className="segment"
              aria-pressed={filter === type}
              onClick={() => setFilter(type)}
            >
              {riskFilterLabels[type]} <span className="segment-count">{counts[type]}</span>
            </button>
          ))}
        </fieldset>
      </div>
      <p className="muted risk-keys">
        <kbd>{keys.type}</kbd>
        {keys.typeWord}
        <kbd>{keys.up}</kbd> <kbd>{keys.down}</kbd>
        {keys.select}
        <kbd>{keys.confirm}</kbd>
        {keys.confirmWord}
        <kbd>{keys.deactivate}</kbd>
        {keys.deactivateWord}
        {judge ? '' : patientWords.risks.needPharmacist}
      </p>
      {outcome ? (
        <p
          className={`notice ${outcome.tone === 'bad' ? 'notice-bad' : 'notice-good'}`}
          role={outcome.tone === 'bad' ? 'alert' : 'status'}
        >
          {outcome.text}
        </p>
      ) : null}
      {parse.matches.isError ? (
        <p className="notice notice-bad" role="alert">
          {parse.matches.data ? patientWords.risks.notRefreshed : ''}
          {messageOf(parse.matches.error)}
        </p>
      ) : null}
      {parse.matches.isPending ? <p className="muted">{patientWords.risks.reading}</p> : null}
      <RiskFactorList
        label={filter === 'all' ? patientWords.risks.title : riskFilterLabels[filter]}
        active={shown.active}
        inactive={shown.inactive}
        selectedId={selected?.id ?? null}
        fresh={parse.arrivedIds}
        canJudge={judge}
        busy={busy}
        onConfirm={(match) => act('confirm', match)}
        onDeactivate={(match) => act('deactivate', match)}
        onSelect={setSelectedId}
      />
      <RiskFactorText
        defaultType={filter === 'all' ? 'allergy' : filter}
        patientId={patientId}
        waitingFor={parse.waitingFor}
        finished={parse.finished}
        onSent={(text, ids) => {
          setFilter('all');
          parse.start(text, ids);
        }}
      />
    </section>
  );
}
