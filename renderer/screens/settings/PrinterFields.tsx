// Settings → Printing, the printer for each kind of document: chosen from the printers the system offers (the desktop
// app lists them; the browser shell cannot, so a name is typed), with a test page; one the machine policy set shows
// as set by IT and cannot be changed here (main refuses it too).
import { DOCUMENT_TITLES, type DocumentKind, documentKinds } from '../../../contract/documents.ts';
import { useMachinePolicy } from '../../queries/machine-policy.ts';
import { usePrinters, useTestPage } from '../../queries/printers.ts';
import { messageOf } from '../../queries/station.ts';
import { SetByIt } from '../../widgets/SetByIt.tsx';
import { stationSettingsWords } from './station-words.ts';

const words = stationSettingsWords.printing;

export type Printers = Record<DocumentKind, string>;

function TestPage({ kind, saved }: { kind: DocumentKind; saved: string | null }) {
  const test = useTestPage(kind);
  return (
    <div className="printer-test">
      <button type="button" className="button" disabled={!saved || test.isPending} onClick={() => test.mutate()}>
        {words.testPage}
      </button>
      {test.data ? (
        <span role="status">
          {test.data.sent ? words.testSent(test.data.printer) : words.testNotSent(test.data.problem)}
        </span>
      ) : null}
      {test.isError ? <span role="alert">{messageOf(test.error)}</span> : null}
    </div>
  );
}

export function PrinterFields(props: {
  printers: Printers;
  saved: Record<DocumentKind, string | null> | undefined;
  onChange: (kind: DocumentKind, name: string) => void;
}) {
  const listed = usePrinters();
  const policy = useMachinePolicy().data;
  const available = listed.data?.available === true;
  return (
    <>
      {documentKinds.map((kind) => {
        const label = `Printer for the ${DOCUMENT_TITLES[kind].toLowerCase()}`;
        const value = props.printers[kind];
        const locked = policy?.printers.includes(kind) === true;
        const names = listed.data?.printers.map((printer) => printer.name) ?? [];
        return (
          <div key={kind} className="printer-field">
            {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is the select or the input below, one of the two. */}
            <label className="field">
              <span>{label}</span>
              {available ? (
                <select value={value} disabled={locked} onChange={(event) => props.onChange(kind, event.target.value)}>
                  <option value="">{words.askEachTime}</option>
                  {(value && !names.includes(value) ? [...names, value] : names).map((name) => (
                    <option key={name} value={name}>
                      {names.includes(name) ? name : `${name} (not found now)`}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  value={value}
                  maxLength={200}
                  readOnly={locked}
                  placeholder={words.emptyAsks}
                  onChange={(event) => props.onChange(kind, event.target.value)}
                />
              )}
            </label>
            {locked ? <SetByIt file={policy?.file ?? null} /> : null}
            {available ? <TestPage kind={kind} saved={props.saved?.[kind] ?? null} /> : null}
          </div>
        );
      })}
    </>
  );
}
