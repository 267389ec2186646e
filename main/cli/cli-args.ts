/** `command positional… --flag value --switch`: flags are named, values never start with `--`. */
export interface ParsedArgs {
  command: string | null;
  positionals: string[];
  /** The last value of each flag. */
  flags: Map<string, string | true>;
  /** Every value of each flag given more than once or not (`--country FR --country DE`). */
  repeated: Map<string, string[]>;
}

/** Arguments the command cannot run with: said with the usage, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

const SWITCHES = new Set([
  'json',
  'help',
  'token-stdin',
  'yes',
  'no-previous',
  'verify-only',
  'dry-run',
  'disable-risk-scan',
  'approve',
  'reject',
]);

export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  for (let index = 0; index < argv.length; index += 1) {
    const item = argv[index] ?? '';
    if (!item.startsWith('--')) {
      positionals.push(item);
      continue;
    }
    const name = item.slice(2);
    if (SWITCHES.has(name)) {
      flags.set(name, true);
      continue;
    }
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--'))
      throw new CliUsageError(`--${name} needs a value.`);
    flags.set(name, value);
    repeated.set(name, [...(repeated.get(name) ?? []), value]);
    index += 1;
  }
  const [command = null, ...rest] = positionals;
  return { command, positionals: rest, flags, repeated };
}

export function flag(args: ParsedArgs, name: string): string | null {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : null;
}

/** Every value given for a repeatable flag, in order. */
export function flagValues(args: ParsedArgs, name: string): string[] {
  return args.repeated.get(name) ?? [];
}

export function requireFlag(args: ParsedArgs, name: string, why: string): string {
  const value = flag(args, name);
  if (value === null) throw new Error(`--${name} is required: ${why}`);
  return value;
}
