// The shape of one IPC channel (renderer → main) and of one main → renderer event: names and zod schemas, nothing else.
import { z } from 'zod';
import { ipcErrorCode } from './error-codes.ts';

export interface Channel<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> {
  /** `domain:verb`, e.g. `orders:get`: a literal type, the same as the channel's key in the table. */
  readonly name: Name;
  /** What the renderer sends; strict. Checked in main before anything runs. */
  readonly input: Input;
  /** What main answers; checked in tests, typed for the renderer by z.infer. */
  readonly output: Output;
  readonly summary: string;
}

export type AnyChannel = Channel<string, z.ZodType, z.ZodType>;

export function defineChannel<const Name extends string, Input extends z.ZodType, Output extends z.ZodType>(
  name: Name,
  spec: { input: Input; output: Output; summary: string },
): Channel<Name, Input, Output> {
  if (!/^[a-z][a-zA-Z]*:[a-z][a-zA-Z]*$/.test(name)) throw new Error(`channel ${name} is not domain:verb`);
  return Object.freeze({ name, ...spec });
}

export interface StationEvent<Name extends string = string, Payload extends z.ZodType = z.ZodType> {
  /** `domain.happened`, e.g. `outbox.changed`. */
  readonly name: Name;
  readonly payload: Payload;
  readonly summary: string;
}

export function defineEvent<const Name extends string, Payload extends z.ZodType>(
  name: Name,
  spec: { payload: Payload; summary: string },
): StationEvent<Name, Payload> {
  if (!/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/.test(name)) throw new Error(`event ${name} is not domain.happened`);
  return Object.freeze({ name, ...spec });
}

/** Every failure crosses the bridge as this, with no secret and no stack. */
export const ipcError = z.strictObject({
  /** One of a closed list (error-codes.ts): a meaning, never a raw HTTP status or a service's own word. */
  code: ipcErrorCode,
  message: z.string(),
  /** The service's HTTP status when it refused: for the log and the details panel; decide on `code`, never on this. */
  status: z.number().int().optional(),
  /** Field-level details from the service (e.g. which field is invalid), when it gave them. */
  details: z.unknown().optional(),
});
export type IpcError = z.infer<typeof ipcError>;

/** An answer on the bridge: the output, or an error. Main never throws across it. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export type InputOf<C extends AnyChannel> = z.input<C['input']>;
export type OutputOf<C extends AnyChannel> = z.output<C['output']>;
