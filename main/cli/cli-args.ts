/** `command positional… --flag value --switch`: flags are named, values never start with `--`. */
export interface ParsedArgs {
  command: string | null;
  positionals: string[];
  flags: Map<string, string | true>;
}

const SWITCHES = new Set(['json', 'help', 'token-stdin']);

export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
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
    if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value.`);
    flags.set(name, value);
    index += 1;
  }
  const [command = null, ...rest] = positionals;
  return { command, positionals: rest, flags };
}

export function flag(args: ParsedArgs, name: string): string | null {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : null;
}

export function requireFlag(args: ParsedArgs, name: string, why: string): string {
  const value = flag(args, name);
  if (value === null) throw new Error(`--${name} is required: ${why}`);
  return value;
}
