// Server state of the station itself: what it is (app.info) and who is signed in, kept fresh by session.changed.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StationApi, StationEventPayload } from '../../contract/ipc.ts';
import type { Capability } from '../../rules/capabilities.ts';
import { onStationEvent, station, unwrap } from './station.ts';

export type AppInfo = Awaited<ReturnType<typeof unwrapInfo>>;
export type SessionView = Awaited<ReturnType<typeof unwrapSession>>;

const unwrapInfo = () => unwrap(station().app.info());
const unwrapSession = () => unwrap(station().session.state());

export const appInfoKey = ['app', 'info'] as const;
export const sessionKey = ['session'] as const;

/** Everything read from the service belongs to the person who read it: drop it when they sign out. */
export function forgetServerData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app' && query.queryKey[0] !== 'session' });
}

export function useAppInfo() {
  return useQuery({ queryKey: appInfoKey, queryFn: unwrapInfo, staleTime: Number.POSITIVE_INFINITY });
}

/** The sign-in; follows session.changed so a sign-out elsewhere (or a refused refresh) shows at once. */
export function useSession() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      station().on('session.changed', ({ state }) => {
        queryClient.setQueryData(sessionKey, state);
        // Whatever was read belongs to the previous sign-in.
        if (state.status === 'signed_out') forgetServerData(queryClient);
      }),
    [queryClient],
  );
  return useQuery({ queryKey: sessionKey, queryFn: unwrapSession, staleTime: Number.POSITIVE_INFINITY });
}

/** Whether the signed-in person's role may do `capability`, as main's session answer says (main checks each channel). */
export function sessionMay(state: SessionView | null | undefined, capability: Capability): boolean {
  return state?.capabilities.includes(capability) ?? false;
}

/** `sessionMay` for the person signed in now: what a screen shows or hides, never what it enforces. */
export function useMay(capability: Capability): boolean {
  return sessionMay(useSession().data, capability);
}

type SignInInput = Parameters<StationApi['session']['signIn']>[0];

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => unwrap(station().session.signIn(input)),
    onSuccess: (state) => queryClient.setQueryData(sessionKey, state),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(station().session.signOut()),
    onSuccess: (state) => {
      queryClient.setQueryData(sessionKey, state);
      forgetServerData(queryClient);
    },
  });
}

/** Locks the station; the screen stays as it was, hidden, until the same person unlocks it. */
export function useLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(station().session.lock()),
    onSuccess: (state) => queryClient.setQueryData(sessionKey, state),
  });
}

/** Unlocks the station for the person who locked it (main checks the password); the session then shows unlocked. */
export async function unlockSession(queryClient: QueryClient, password: string): Promise<void> {
  queryClient.setQueryData(sessionKey, await unwrap(station().session.unlock({ password })));
}

type PharmacistCheck = Parameters<StationApi['session']['confirmPharmacist']>[0];

/** A pharmacist's badge or email and password, checked in main by a separate login: a one-use confirmation back. */
export function checkPharmacist(input: PharmacistCheck) {
  return unwrap(station().session.confirmPharmacist(input));
}

type SessionChange = StationEventPayload<'session.changed'>;

/** Calls `listener` on every change of sign-in (signed in, out, locked, unlocked); answers how to stop. */
export function onSessionChanged(listener: (change: SessionChange) => void): () => void {
  return onStationEvent('session.changed', listener);
}

/** An admin's acknowledgement that this station's audit record is not keyed; main decides who may and records it. */
export function useAcknowledgeUnkeyed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(station().audit.acknowledgeUnkeyed()),
    onSuccess: (auditRecord) =>
      queryClient.setQueryData(appInfoKey, (info: AppInfo | undefined) => (info ? { ...info, auditRecord } : info)),
  });
}
