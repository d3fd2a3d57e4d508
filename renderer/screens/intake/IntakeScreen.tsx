// The intake screen (Alt+7): the composite form, or, once the service made it, what was created and referenced.
import { useEffect } from 'react';
import { IntakeForm } from './IntakeForm.tsx';
import { IntakeResult } from './IntakeResult.tsx';
import { forgetIntakeOnSignOut, useIntakeStore } from './intake-store.ts';
import './intake.css';
import '../../forms/records.css';

export function IntakeScreen() {
  const result = useIntakeStore((state) => state.result);
  useEffect(() => forgetIntakeOnSignOut(), []);
  return result ? <IntakeResult result={result} /> : <IntakeForm />;
}
