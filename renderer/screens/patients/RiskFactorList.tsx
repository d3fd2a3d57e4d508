// The risk factor rows: name, type, how it was matched, what it came from, and Confirm / Deactivate.
import type { RiskFactorMatch } from '../../../contract/service/patients.ts';
import { needsConfirmation, notesOf, riskTypeLabels, typeOf } from './risk-factors.ts';
import { patientWords } from './wording.ts';

const words = patientWords.risks;

interface Props {
  label: string;
  active: RiskFactorMatch[];
  inactive: RiskFactorMatch[];
  selectedId: string | null;
  fresh: ReadonlySet<string>;
  canJudge: boolean;
  busy: boolean;
  onConfirm(match: RiskFactorMatch): void;
  onDeactivate(match: RiskFactorMatch): void;
  onSelect(id: string): void;
}

/** Confirm or Deactivate on one row: named for the risk factor, its shortcut announced on the selected row only. */
function JudgeButton(props: {
  verb: string;
  name: string;
  shortcut: string;
  selected: boolean;
  disabled: boolean;
  onClick(): void;
  onFocus(): void;
}) {
  return (
    <button
      type="button"
      className="button button-small"
      disabled={props.disabled}
      aria-label={`${props.verb} ${props.name}`}
      aria-keyshortcuts={props.selected ? props.shortcut : undefined}
      onClick={props.onClick}
      onFocus={props.onFocus}
    >
      {props.verb}
    </button>
  );
}

function Row({ match, props }: { match: RiskFactorMatch; props: Props }) {
  const name = match.name ?? words.unnamed;
  const selected = props.selectedId === match.id;
  const active = match.is_active !== false;
  const classes = [
    'risk-row',
    selected ? 'risk-selected' : '',
    active ? '' : 'risk-inactive',
    props.fresh.has(match.id) ? 'risk-fresh' : '',
  ];
  const judging = {
    name,
    selected,
    disabled: !props.canJudge || props.busy,
    onFocus: () => props.onSelect(match.id),
  };
  return (
    <li className={classes.filter(Boolean).join(' ')} aria-current={selected ? 'true' : undefined}>
      <div className="risk-main">
        <span className="risk-name">{name}</span>
        <span className="risk-type">{riskTypeLabels[typeOf(match)]}</span>
        {props.fresh.has(match.id) ? <span className="pill pill-new">{words.fresh}</span> : null}
        {notesOf(match).map((note) => (
          <span key={note.text} className={`pill pill-${note.tone}`}>
            {note.text}
          </span>
        ))}
      </div>
      {match.text_chunk ? (
        <p className="risk-chunk">
          {words.fromText}
          {match.text_chunk}
          {words.closeQuote}
        </p>
      ) : null}
      {active ? (
        <div className="risk-actions">
          {needsConfirmation(match) ? (
            <JudgeButton verb={words.confirm} shortcut="Alt+C" onClick={() => props.onConfirm(match)} {...judging} />
          ) : null}
          <JudgeButton
            verb={words.deactivate}
            shortcut="Alt+D"
            onClick={() => props.onDeactivate(match)}
            {...judging}
          />
        </div>
      ) : null}
    </li>
  );
}

export function RiskFactorList(props: Props) {
  if (props.active.length === 0 && props.inactive.length === 0) {
    return (
      <p className="muted risk-empty">
        {words.no}
        {props.label.toLowerCase()}
        {words.onFile}
      </p>
    );
  }
  return (
    <>
      <ul className="risk-list" aria-label={words.activeList(props.label)}>
        {props.active.map((match) => (
          <Row key={match.id} match={match} props={props} />
        ))}
      </ul>
      {props.active.length === 0 ? (
        <p className="muted risk-empty">
          {words.noActive}
          {props.label.toLowerCase()}
          {words.fullStop}
        </p>
      ) : null}
      {props.inactive.length > 0 ? (
        <details className="risk-inactive-list">
          <summary>
            {words.deactivated}
            {props.inactive.length}
            {words.closeCount}
          </summary>
          <ul className="risk-list" aria-label={words.deactivatedList(props.label)}>
            {props.inactive.map((match) => (
              <Row key={match.id} match={match} props={props} />
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
