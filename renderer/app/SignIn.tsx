// The sign-in screen: the form, the demo accounts in training, the station settings (signed out, only the service:
// rules/settings-access.ts), and the unreachable screen when the service gives no answer.
import './shell.css';
import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod';
import { useConnectivity } from '../queries/connectivity.ts';
import { type AppInfo, type SessionView, useSignIn } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import { ServiceChoice } from '../screens/settings/ServiceChoice.tsx';
import { type ServiceRef, serviceName } from '../screens/settings/service-choice.ts';
import { useSwitchUserStore } from '../state/switch-user-store.ts';
import { ConfirmService } from './ConfirmService.tsx';
import { DemoAccounts } from './DemoAccounts.tsx';
import { ServiceUnreachable } from './ServiceUnreachable.tsx';
import { type FieldErrors, SignInForm } from './SignInForm.tsx';
import { SignInNotes } from './SignInNotes.tsx';
import { signInFailure } from './sign-in-failure.ts';

const signInForm = z.object({
  email: z.email('Enter an email address such as name@pharmacy.com.'),
  password: z.string().min(1, 'Enter your password.'),
});
type Credentials = z.infer<typeof signInForm>;

interface Unreachable {
  detail: string;
  tries: number;
  lastTryAt: Date;
  credentials: Credentials;
}

export function SignIn({ info, session }: { info: AppInfo; session: SessionView }) {
  const expectedPerson = useSwitchUserStore((state) => (state.expected ? (state.known[state.expected] ?? null) : null));
  const [email, setEmail] = useState(() => expectedPerson?.email ?? '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [choosingService, setChoosingService] = useState(false);
  const [unreachable, setUnreachable] = useState<Unreachable | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const signIn = useSignIn();
  const connectivity = useConnectivity();
  const running: ServiceRef | null = connectivity.data
    ? { backend: connectivity.data.backend, baseUrl: connectivity.data.baseUrl }
    : null;

  function attempt(credentials: Credentials) {
    signIn.mutate(credentials, {
      onSuccess: () => setUnreachable(null),
      onError: (error) => {
        if (signInFailure(error) === 'unreachable') {
          const detail = messageOf(error);
          setUnreachable((before) => ({ detail, tries: (before?.tries ?? 0) + 1, lastTryAt: new Date(), credentials }));
          return;
        }
        setUnreachable(null);
        if (signInFailure(error) === 'credentials') {
          passwordRef.current?.focus();
          passwordRef.current?.select();
        }
      },
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = signInForm.safeParse({ email: email.trim(), password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    attempt(parsed.data);
  }

  function fillDemo(demoEmail: string) {
    setEmail(demoEmail);
    setPassword(info.demoPassword ?? '');
    setFieldErrors({});
    signIn.reset();
    // Enter signs in from here: the password field submits the form, the demo button would only fill it again.
    passwordRef.current?.focus();
  }

  function leaveUnreachable(openSettings: boolean) {
    setUnreachable(null);
    signIn.reset();
    setSettingsOpen(openSettings || settingsOpen);
    setChoosingService(openSettings);
  }

  if (unreachable) {
    return (
      <ServiceUnreachable
        service={running}
        detail={unreachable.detail}
        tries={unreachable.tries}
        lastTryAt={unreachable.lastTryAt}
        retrying={signIn.isPending}
        onRetry={() => attempt(unreachable.credentials)}
        onSwitchService={() => leaveUnreachable(true)}
        onBack={() => leaveUnreachable(false)}
      />
    );
  }

  const refused = signIn.isError && signInFailure(signIn.error) !== 'unreachable' ? messageOf(signIn.error) : null;
  const toConfirm = connectivity.data && !connectivity.data.serviceConfirmed ? connectivity.data.baseUrl : null;
  return (
    <main className="sign-in">
      {toConfirm ? (
        <ConfirmService baseUrl={toConfirm} onChooseAnother={() => leaveUnreachable(true)} />
      ) : (
        <SignInForm
          serviceLabel={
            running ? serviceName(running) : info.training ? 'Training (on this computer)' : 'your pharmacy'
          }
          settingsOpen={settingsOpen}
          onToggleSettings={() => setSettingsOpen((open) => !open)}
          notes={<SignInNotes info={info} session={session} showPending={!settingsOpen} />}
          email={email}
          password={password}
          onEmail={setEmail}
          onPassword={setPassword}
          fieldErrors={fieldErrors}
          refusal={refused}
          pending={signIn.isPending}
          passwordRef={passwordRef}
          passwordFirst={expectedPerson !== null && !choosingService}
          onSubmit={submit}
        />
      )}
      {settingsOpen ? (
        <section id="station-settings" className="card sign-in-aside" aria-label="Station settings">
          <ServiceChoice info={info} autoFocus={choosingService} />
          <p className="muted">
            The idle lock and the scanner marks are set after signing in: anyone may shorten the idle lock (Ctrl+K,
            “idle lock”); an admin lengthens it and sets the scanner marks on the Notifications screen (Alt+9).
          </p>
        </section>
      ) : null}
      <DemoAccounts info={info} onPick={fillDemo} />
    </main>
  );
}
