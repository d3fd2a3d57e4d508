// The service did not answer a sign-in: what happened, what to do, and the ways on (Retry, switch service, back).

import { clockTime } from '../format/when.ts';
import type { ServiceRef } from '../screens/settings/service-choice.ts';
import { serviceName } from '../screens/settings/service-choice.ts';

export interface UnreachableProps {
  service: ServiceRef | null;
  /** The station's own words for the failure ("Could not reach the service for auth.login (…)"). */
  detail: string;
  /** How many sign-in tries got no answer, and when the last one was. */
  tries: number;
  lastTryAt: Date;
  retrying: boolean;
  onRetry(): void;
  onSwitchService(): void;
  onBack(): void;
}

export function ServiceUnreachable(props: UnreachableProps) {
  const { service, detail, tries, lastTryAt, retrying } = props;
  const training = service?.backend === 'training';
  const when = clockTime(lastTryAt, { seconds: true });
  return (
    <main className="sign-in">
      <section className="card unreachable" aria-labelledby="unreachable-title">
        <h1 id="unreachable-title">The service is not answering</h1>
        <p role="alert">
          The station asked <strong>{service ? serviceName(service) : 'its service'}</strong> to sign you in and got no
          answer (at {when}
          {tries > 1 ? `, ${tries} tries` : ''}). Nothing was signed in and nothing was changed.
        </p>
        <p className="muted unreachable-detail">Details: {detail}</p>
        <h2>What you can do</h2>
        <ul className="unreachable-steps">
          <li>Retry in a moment: the service may be restarting, or the network may be down for a while.</li>
          {training ? (
            <li>The training service runs on this computer. If retrying does not help, restart the station.</li>
          ) : (
            <>
              <li>Check that this computer is on the network, and that the address above is right.</li>
              <li>Switch to the Training service to practise while your pharmacy’s service is away.</li>
            </>
          )}
        </ul>
        <div className="row">
          <button
            type="button"
            className="button button-primary"
            onClick={() => (retrying ? undefined : props.onRetry())}
            aria-busy={retrying}
            // biome-ignore lint/a11y/noAutofocus: the likeliest next step, one Enter away.
            autoFocus
          >
            {retrying ? 'Retrying…' : 'Retry'}
          </button>
          <button type="button" className="button" onClick={props.onSwitchService}>
            Switch service
          </button>
          <button type="button" className="button" onClick={props.onBack}>
            Back to sign-in
          </button>
        </div>
      </section>
    </main>
  );
}
