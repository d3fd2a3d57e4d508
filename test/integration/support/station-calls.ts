// A station's channels called as a hostile page would (any input, straight to main), with the answers unwrapped.

export type Answer = { ok: true; value: any } | { ok: false; error: { code: string; message: string; details?: any } };

/** What the calls need of a rig: the station's one entry for every channel. */
export interface InvokesChannels {
  station: { invoke(channel: string, input: unknown): Promise<unknown> };
}

export function stationCalls(rig: () => InvokesChannels) {
  const invoke = (channel: string, input?: unknown) => rig().station.invoke(channel, input) as Promise<Answer>;
  return {
    invoke,
    /** The value of a call that must succeed. */
    async value(channel: string, input?: unknown): Promise<any> {
      const answer = await invoke(channel, input);
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
      return answer.value;
    },
    /** The refusal of a call that must be refused. */
    async refusal(channel: string, input?: unknown): Promise<{ code: string; message: string; details?: any }> {
      const answer = await invoke(channel, input);
      if (answer.ok) throw new Error(`${channel} was expected to refuse, answered ${JSON.stringify(answer.value)}`);
      return answer.error;
    },
  };
}
