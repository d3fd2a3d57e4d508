// The one Settings screen (issue 23, Alt+Shift+S; the palette finds it by print, settings, pharmacy, relay, port…): the
// pharmacy on the labels and printing, the service, the listener port, the events relay, the scanner marks,
// tech-check-tech (everyone sees it, an admin changes it) and the idle lock. What the person may change follows
// rules/settings-access.ts (anyone shortens the idle lock, an admin the rest), and what the machine policy set
// reads "Set by your pharmacy's IT"; main refuses by the same rules. The policy's own card names where it was read
// from and the fields this station ignored.

import { useAppInfo, useMay } from '../../queries/session.ts';
import { IdleLockSetting } from './IdleLockSetting.tsx';
import { ListenerPortSetting } from './ListenerPortSetting.tsx';
import { PolicyCard } from './PolicyCard.tsx';
import { PrintingSettings } from './PrintingSettings.tsx';
import { RelaySetting } from './RelaySetting.tsx';
import { ScannerMarksSetting } from './ScannerMarksSetting.tsx';
import { ServiceChoice } from './ServiceChoice.tsx';
import { stationSettingsWords as words } from './station-words.ts';
import { TechCheckTechSetting } from './TechCheckTechSetting.tsx';
import '../../forms/records.css';
import '../../setup/setup.css';
import './settings.css';

export function SettingsScreen() {
  const info = useAppInfo().data;
  const admin = useMay('change_settings');
  return (
    <main className="screen records settings-screen" aria-labelledby="station-settings-title">
      <header className="records-head">
        <div>
          <h1 id="station-settings-title">{words.title}</h1>
          <p className="muted">{words.intro}</p>
        </div>
      </header>
      {admin ? null : <p className="notice notice-info">{words.notAdmin}</p>}
      <div className="settings-grid">
        <div className="settings-column">
          {admin ? <PrintingSettings /> : null}
          {admin ? <ListenerPortSetting /> : null}
          {admin ? <RelaySetting /> : null}
        </div>
        <div className="settings-column">
          {admin && info ? (
            // The service this station signs in to: applied at the next sign-in.
            <section className="card settings-card" aria-label={words.service}>
              <ServiceChoice info={info} />
            </section>
          ) : null}
          {admin ? (
            // How this site's scanners mark a code (a typed code must not pass as scanned).
            <section className="card settings-card" aria-label={words.marks.title}>
              <ScannerMarksSetting />
            </section>
          ) : null}
          <section className="card settings-card" aria-label={words.techCheck.title}>
            <TechCheckTechSetting />
          </section>
          <section className="card settings-card" aria-label={words.idle.title}>
            <IdleLockSetting />
          </section>
          <PolicyCard />
        </div>
      </div>
    </main>
  );
}
