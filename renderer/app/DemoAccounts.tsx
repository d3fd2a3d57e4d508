// The training service's demo accounts: pick one to fill the sign-in form, then press Enter.
import type { AppInfo } from '../queries/session.ts';

export function DemoAccounts({ info, onPick }: { info: AppInfo; onPick(email: string): void }) {
  if (!info.training || info.demoAccounts.length === 0) return null;
  return (
    <section className="card demo-accounts" aria-labelledby="demo-title">
      <h2 id="demo-title">Demo accounts</h2>
      <p className="muted">
        Each uses the password <code>{info.demoPassword}</code>. Pick one, then press Enter.
      </p>
      <ul>
        {info.demoAccounts.map((account) => (
          <li key={account.email}>
            <button type="button" className="button demo-account" onClick={() => onPick(account.email)}>
              <span className="demo-role">{account.role}</span>
              <span className="demo-email">{account.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
