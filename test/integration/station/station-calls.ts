// A station's channels called as a hostile page would (any input, straight to main), with the answers unwrapped.
import type { StationRig } from './harness.ts';

export type Answer = { ok: true; value: any } | { ok: false; error: { code: string; message: string } };

export function stationCalls(rig: () => StationRig) {
  const invoke = (channel: string, input?: unknown) => rig().station.invoke(channel, input) as Promise<Answer>;
  return {
    invoke,
    async value(channel: string, input?: unknown): Promise<any> {
      const answer = await invoke(channel, input);
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
      return answer.value;
    },
    async refusal(channel: string, input?: unknown): Promise<{ code: string; message: string }> {
      const answer = await invoke(channel, input);
      if (answer.ok) throw new Error(`${channel} was expected to refuse`);
      return answer.error;
    },
  };
}
