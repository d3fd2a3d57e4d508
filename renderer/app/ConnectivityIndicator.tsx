// Always visible in the top bar: whether the service answers, whether events are pushed to the station, and which
// backend; icon and words (never colour alone); a click (or Alt+I) shows the details, such as why the listener failed.
import { useEffect, useId, useRef, useState } from 'react';
import { useCommands } from '../commands/command-store.ts';
import { useConnectivity } from '../queries/connectivity.ts';
import { describeConnectivity, type Tone } from './connectivity-words.ts';
import './connectivity.css';

const DETAILS_SHORTCUT = 'Alt+I';

/** A small icon per tone: a tick, a warning triangle, a cross, a dash; hidden from screen readers (the words say it). */
function ToneIcon({ tone }: { tone: Tone }) {
  return (
    <svg className="conn-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {tone === 'good' ? (
        <>
          <circle cx="8" cy="8" r="7" />
          <path d="M4.5 8.2l2.3 2.3 4.7-4.9" className="conn-icon-mark" />
        </>
      ) : tone === 'bad' ? (
        <>
          <circle cx="8" cy="8" r="7" />
          <path d="M5.3 5.3l5.4 5.4M10.7 5.3l-5.4 5.4" className="conn-icon-mark" />
        </>
      ) : tone === 'warn' ? (
        <>
          <path d="M8 1.5l7 13H1z" />
          <path d="M8 6v4M8 11.6v.9" className="conn-icon-mark" />
        </>
      ) : (
        <>
          <circle cx="8" cy="8" r="7" />
          <path d="M5 8h6" className="conn-icon-mark" />
        </>
      )}
    </svg>
  );
}

export function ConnectivityIndicator() {
  const connectivity = useConnectivity();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const detailsId = useId();

  useCommands([
    {
      id: 'connectivity.details',
      title: open ? 'Hide the connection details' : 'Show the connection details',
      group: 'Station',
      shortcut: DETAILS_SHORTCUT,
      keywords: 'online offline network listener webhook service',
      run: () => setOpen((was) => !was),
    },
  ]);

  // Escape or a click elsewhere closes the details.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!connectivity.data) {
    return (
      <div className="conn">
        <span className="conn-button conn-quiet">{connectivity.isError ? 'Connection unknown' : 'Checking…'}</span>
      </div>
    );
  }
  const words = describeConnectivity(connectivity.data);
  const parts = [
    { key: 'service', label: 'Service', part: words.service },
    { key: 'events', label: 'Events', part: words.listener },
    { key: 'backend', label: 'Backend', part: words.backend },
  ];

  return (
    <div className="conn" ref={wrapper}>
      <button
        type="button"
        className={`conn-button conn-${words.service.tone === 'bad' ? 'bad' : words.listener.tone}`}
        aria-expanded={open}
        aria-controls={detailsId}
        aria-keyshortcuts={DETAILS_SHORTCUT}
        title={`Connection details (${DETAILS_SHORTCUT})`}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="sr-only">Connection: </span>
        <span className={`conn-part conn-part-${words.service.tone}`}>
          <ToneIcon tone={words.service.tone} />
          {words.service.short}
        </span>
        <span className={`conn-part conn-part-${words.listener.tone}`}>
          <span className="sr-only">, </span>
          <ToneIcon tone={words.listener.tone} />
          {words.listener.short}
        </span>
        <span className="conn-part conn-backend">
          <span className="sr-only">, </span>
          {words.backend.short}
        </span>
      </button>
      <span className="sr-only" role="status">
        {words.service.short}. {words.listener.short}.
      </span>
      <section id={detailsId} className="conn-details" aria-label="Connection details" hidden={!open}>
        <dl>
          {parts.map(({ key, label, part }) => (
            <div key={key} className="conn-detail">
              <dt>
                <ToneIcon tone={part.tone} />
                {label}: {part.state}
              </dt>
              <dd>{part.detail}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
