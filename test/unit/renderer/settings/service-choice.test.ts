// The service choice on the sign-in screen: the address checked by the settings schema, and an honest restart notice.
import { describe, expect, it } from 'vitest';
import { signInFailure } from '../../../../renderer/app/sign-in-failure.ts';
import {
  awaitsSwitch,
  customUrlProblem,
  normalizedUrl,
  serviceName,
} from '../../../../renderer/screens/settings/service-choice.ts';
import { personName, useSwitchUserStore } from '../../../../renderer/state/switch-user-store.ts';

describe('the custom service address', () => {
  it('accepts https addresses, and http only on this computer', () => {
    for (const url of [
      'https://fulfillment.pharmacy.example',
      'https://svc.example:8443/api',
      'http://127.0.0.1:4100',
    ]) {
      expect(customUrlProblem(url)).toBeNull();
    }
  });

  it('refuses plain http to another computer with the schema’s reason', () => {
    expect(customUrlProblem('http://pharmacy.example')).toBe(
      'The address must use https:// (http:// is allowed only for this computer: localhost or 127.0.0.1).',
    );
  });

  it('refuses what is not an address, or carries a password or a query', () => {
    expect(customUrlProblem('pharmacy')).toBe('The address is not a URL (write it like https://service.example).');
    expect(customUrlProblem('https://ann:secret@svc.example')).toBe(
      'The address must not contain a user name or password.',
    );
    expect(customUrlProblem('https://svc.example/?a=1')).toBe(
      'The address must not contain a query (?) or a fragment (#).',
    );
    expect(customUrlProblem('   ')).toBe('Enter the service’s address, such as https://service.example.');
  });

  it('compares addresses the way the settings store them', () => {
    expect(normalizedUrl(' https://svc.example/api/ ')).toBe('https://svc.example/api');
  });
});

describe('whether a saved service waits for the next sign-in', () => {
  const training = { backend: 'training' as const, baseUrl: null };
  const runningTraining = { backend: 'training' as const, baseUrl: 'http://127.0.0.1:40123' };
  const custom = { backend: 'custom' as const, baseUrl: 'https://svc.example' };

  it('says no when the saved service is the one running', () => {
    expect(awaitsSwitch(training, runningTraining)).toBe(false);
    expect(awaitsSwitch(custom, custom)).toBe(false);
  });

  it('says yes when the saved service differs in kind or address', () => {
    expect(awaitsSwitch(custom, runningTraining)).toBe(true);
    expect(awaitsSwitch(training, custom)).toBe(true);
    expect(awaitsSwitch({ ...custom, baseUrl: 'https://other.example' }, custom)).toBe(true);
  });

  it('names the service in words for people', () => {
    expect(serviceName(runningTraining)).toBe('Training (on this computer)');
    expect(serviceName(custom)).toBe('the service at https://svc.example');
  });
});

describe('a refused sign-in', () => {
  it('tells a wrong password from a service that gave no answer and from anything else', () => {
    expect(signInFailure({ code: 'invalid_credentials' })).toBe('credentials');
    expect(signInFailure({ code: 'offline' })).toBe('unreachable');
    expect(signInFailure({ code: 'timeout' })).toBe('unreachable');
    expect(signInFailure({ code: 'internal' })).toBe('other');
    expect(signInFailure(new Error('no code'))).toBe('other');
    expect(signInFailure(null)).toBe('other');
  });
});

describe('switching user with a badge', () => {
  it('remembers who signed in here by id, to greet the owner of a badge by name', () => {
    useSwitchUserStore
      .getState()
      .remember({ id: 'u-7', email: 'pat@pharmacy.example', firstName: 'Pat', lastName: 'Lee' });
    useSwitchUserStore
      .getState()
      .remember({ id: null, email: 'nobody@pharmacy.example', firstName: null, lastName: null });
    expect(useSwitchUserStore.getState().known).toEqual({
      'u-7': { id: 'u-7', email: 'pat@pharmacy.example', name: 'Pat Lee' },
    });
    useSwitchUserStore.getState().expect('u-7');
    expect(useSwitchUserStore.getState().expected).toBe('u-7');
    useSwitchUserStore.getState().clearExpected();
    expect(useSwitchUserStore.getState().expected).toBeNull();
  });

  it('falls back to the email when the service gave no name', () => {
    expect(personName({ firstName: null, lastName: null, email: 'x@pharmacy.example' })).toBe('x@pharmacy.example');
  });
});
