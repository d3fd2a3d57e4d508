// A program's command line read one way (the relay's, the training service's): its options parsed strictly, `--help`
// printing the usage, and every mistake said with the usage under it, exit code 2.
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';

/**
 * Says what is wrong with the command line, the usage under it, and exits 2. Declare it with its type
 * (`const fail: CommandLineFailure = …`) so a check before a value's use narrows it.
 */
export type CommandLineFailure = (message: string) => never;

export function commandLineFailure(usage: string): CommandLineFailure {
  return (message) => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
}

/** What `options` read from a command line: each option's value, typed by its declaration. */
export type CommandLineValues<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true }>
>['values'];

/**
 * The options given in `args` (the process's own by default), each of `options` or `--help`; an unknown option, a
 * value missing or a stray word is said with the usage (exit 2). `--help` prints the usage and exits 0.
 */
export function readCommandLine<const O extends ParseArgsOptionsConfig>(
  usage: string,
  options: O,
  args: string[] = process.argv.slice(2),
): CommandLineValues<O> {
  const fail = commandLineFailure(usage);
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args, options: { ...options, help: { type: 'boolean' } }, strict: true }).values;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) {
    console.log(usage);
    process.exit(0);
  }
  return values as CommandLineValues<O>;
}
