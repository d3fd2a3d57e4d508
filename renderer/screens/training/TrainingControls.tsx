// Training controls (issue 7, training backend only): the simulated clock and its speed, pause and step, the demo data
// reset, and what the notifications did: the webhook delivery log and the mailbox of notification emails.
import { useMemo } from 'react';
import { useNotificationEvents } from '../../queries/notifications.ts';
import { useAppInfo, useMay } from '../../queries/session.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { Mailbox } from './Mailbox.tsx';
import { ResetCard } from './ResetCard.tsx';
import { SimulationCard } from './SimulationCard.tsx';
import { useLiveClock } from './use-live-clock.ts';
import '../../forms/records.css';
import '../../setup/setup.css';
import './training.css';
import { trainingWords } from './wording.ts';

export function TrainingControls() {
  const info = useAppInfo();
  const clock = useLiveClock();
  const events = useNotificationEvents();
  const names = useMemo(
    () => new Map((events.data ?? []).map((event) => [event.event_code, event.name ?? event.event_code])),
    [events.data],
  );
  // The logs are stamped on the service's clock, which runs ahead of this computer's: "5 min ago" is on that clock.
  const now = new Date(clock.nowMs ?? Date.now());
  const mayControl = useMay('control_training');

  if (info.data && !info.data.training) {
    return (
      <main className="screen records" aria-labelledby="training-title">
        <h1 id="training-title">{trainingWords.title}</h1>
        <p className="notice notice-warn">{trainingWords.onlyTraining}</p>
      </main>
    );
  }
  return (
    <main className="screen records settings-screen" aria-labelledby="training-title">
      <header className="records-head">
        <div>
          <h1 id="training-title">{trainingWords.title}</h1>
          <p className="muted">{trainingWords.intro}</p>
        </div>
      </header>
      <StaleNote updatedAt={clock.query.dataUpdatedAt} refreshFailed={clock.query.isRefetchError} />
      {mayControl ? null : (
        <p className="notice notice-warn" role="status">
          {trainingWords.adminOnly}
        </p>
      )}
      {clock.query.isError && !clock.state ? (
        <p className="notice notice-bad" role="alert">
          {trainingWords.notRead(clock.query.error.message)}
        </p>
      ) : null}
      <div className="settings-grid">
        <div className="settings-column">
          <SimulationCard clock={clock} mayControl={mayControl} />
          <ResetCard seed={clock.state?.seed ?? null} mayControl={mayControl} />
        </div>
        <div className="settings-column">
          <DeliveryLog names={names} now={now} />
          <Mailbox now={now} />
        </div>
      </div>
    </main>
  );
}
