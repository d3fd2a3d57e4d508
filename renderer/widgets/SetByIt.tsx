// The line under a setting the machine policy locked: who set it and in which file, so a technician knows whom to ask.
import { SET_BY_IT } from '../../contract/ipc/machine-policy.ts';

export function SetByIt({ file, detail }: { file: string | null; detail?: string }) {
  return (
    <p className="set-by-it" role="note">
      <strong>{SET_BY_IT}</strong>
      {detail ? `: ${detail}` : ''}
      {file ? <span className="muted"> (policy file {file})</span> : null}
    </p>
  );
}
