// Training drills (issue 27, training backend only): the drills on offer (a trainer sets one up for a trainee), the
// drills set up with their practice bin, and each score as main judged it from the station's records.

import { useDrillResults, useDrills } from '../../queries/drills.ts';
import { useAppInfo, useMay } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { CompetencyRecords } from './CompetencyRecords.tsx';
import { DrillAttempts } from './DrillAttempts.tsx';
import { DrillList } from './DrillList.tsx';
import { traineesOf } from './trainees.ts';
import '../../forms/records.css';
import '../../setup/setup.css';
import './drills.css';
import { drillWords } from './wording.ts';

export function DrillsScreen() {
  const info = useAppInfo();
  const training = info.data?.training ?? false;
  const mayRun = useMay('run_drills');
  const drills = useDrills(training);
  const results = useDrillResults(training);
  if (info.data && !training) {
    return (
      <main className="screen records" aria-labelledby="drills-title">
        <h1 id="drills-title">{drillWords.title}</h1>
        <p className="notice notice-warn">{drillWords.onlyTraining}</p>
      </main>
    );
  }
  const error = drills.error ?? results.error;
  return (
    <main className="screen records settings-screen" aria-labelledby="drills-title">
      <header className="records-head">
        <div>
          <h1 id="drills-title">{drillWords.title}</h1>
          <p className="muted">{drillWords.intro}</p>
        </div>
      </header>
      {error ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(error)}
        </p>
      ) : null}
      <div className="settings-grid">
        <div className="settings-column">
          <DrillAttempts attempts={results.data ?? []} />
        </div>
        <div className="settings-column">
          {mayRun ? (
            <CompetencyRecords trainees={traineesOf(info.data?.demoAccounts ?? [], { trainers: false })} />
          ) : null}
          <DrillList
            drills={drills.data ?? []}
            trainees={traineesOf(info.data?.demoAccounts ?? [], { trainers: true })}
            mayStart={mayRun}
          />
        </div>
      </div>
    </main>
  );
}
