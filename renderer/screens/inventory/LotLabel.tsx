// The lot's label barcode (scanning it opens the lot) and issuing a new one, which makes the earlier label stop scanning.
import { useCommands } from '../../commands/command-store.ts';
import { PrintButton } from '../../documents/PrintDialog.tsx';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useIssueLotLabel, useLotLabel } from '../../queries/inventory.ts';
import { messageOf } from '../../queries/station.ts';
import { lotWords } from './wording.ts';

const words = lotWords.label;

const LABEL_SHORTCUT = 'Alt+B';

export function LotLabel({ lotId }: { lotId: string }) {
  const label = useLotLabel(lotId);
  const issue = useIssueLotLabel(lotId);
  const current = label.data ?? null;
  const run = () => {
    if (!issue.isPending) issue.mutate();
  };
  useCommands([
    {
      id: 'inventory.lot.label',
      title: current ? words.issueNewCommand : words.issueCommand,
      group: 'Lot',
      shortcut: LABEL_SHORTCUT,
      keywords: 'barcode print',
      enabled: !label.isPending && !issue.isPending,
      run,
    },
  ]);
  return (
    <section className="card lot-label" aria-labelledby="lot-label-title">
      <div className="section-head">
        <h2 id="lot-label-title">{words.title}</h2>
        <ActionButton shortcut={LABEL_SHORTCUT} onClick={run} disabled={label.isPending || issue.isPending}>
          {issue.isPending ? words.issuing : current ? words.issueNew : words.issue}
        </ActionButton>
        <PrintButton document={{ kind: 'lot_label', lotId }}>{words.print}</PrintButton>
      </div>
      {label.isPending ? <p className="muted">{words.reading}</p> : null}
      {label.isError ? (
        <p className="field-error">
          {words.notRead}
          {messageOf(label.error)}
        </p>
      ) : null}
      {issue.isError ? (
        <p className="notice notice-bad" role="alert">
          {words.notIssued}
          {messageOf(issue.error)}
        </p>
      ) : null}
      {current ? (
        <figure className="lot-barcode">
          {current.image ? <img src={current.image} alt={words.barcode(current.value ?? '')} /> : null}
          <figcaption className="cell-code">{current.value}</figcaption>
        </figure>
      ) : label.isSuccess ? (
        <p className="muted">{words.none}</p>
      ) : null}
    </section>
  );
}
