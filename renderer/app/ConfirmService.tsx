// Before any password goes to a custom service the station was pointed at (by an admin, or by an edit on disk), the
// person at the station sees its address and confirms it, or chooses another service.
import { useConfirmService } from '../queries/connectivity.ts';
import { messageOf } from '../queries/station.ts';
import '../setup/setup.css';

export function ConfirmService({ baseUrl, onChooseAnother }: { baseUrl: string; onChooseAnother(): void }) {
  const confirm = useConfirmService(baseUrl);
  return (
    <section className="card sign-in-card" aria-labelledby="confirm-service-title">
      <h1 id="confirm-service-title">Confirm the service before you sign in</h1>
      <p>
        This station now signs in to <strong className="settings-url">{baseUrl}</strong>. Your password will be sent
        there.
      </p>
      <p className="muted">
        Confirm only if this is your pharmacy’s service. If you did not expect a change, choose another service and tell
        an admin.
      </p>
      <div className="settings-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          This is our service
        </button>
        <button type="button" className="button" onClick={onChooseAnother}>
          Choose another service
        </button>
      </div>
      {confirm.isError ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(confirm.error)}
        </p>
      ) : null}
    </section>
  );
}
