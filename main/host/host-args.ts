import { z } from 'zod';

export interface HostArgs {
  port: number;
  dataDir: string | null;
  open: boolean;
  /** Scale of the built-in sandbox tenant, or null for none. */
  sandboxScale: 'small' | 'medium' | 'large' | number | null;
}

const Port = z.coerce.number().int().min(0).max(65535);
const SandboxScale = z.union([
  z.enum(['small', 'medium', 'large']),
  z.coerce.number().int().min(1).max(1_000_000),
]);

export const HOST_USAGE =
  'start:browser -- [--port P] [--data-dir D] [--no-open] [--sandbox small|medium|large|<customers>|off]';

/** `[--port P] [--data-dir D] [--no-open]`, with a clear error for anything else. */
export function parseHostArgs(argv: readonly string[]): HostArgs {
  const args: HostArgs = { port: 0, dataDir: null, open: true, sandboxScale: 'small' };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value.`);
      index += 1;
      return next;
    };
    switch (flag) {
      case '--port': {
        const parsed = Port.safeParse(value());
        if (!parsed.success)
          throw new Error('--port takes a number from 0 (any free port) to 65535.');
        args.port = parsed.data;
        break;
      }
      case '--data-dir':
        args.dataDir = value();
        break;
      case '--no-open':
        args.open = false;
        break;
      case '--sandbox': {
        const raw = value();
        if (raw === 'off') {
          args.sandboxScale = null;
          break;
        }
        const parsed = SandboxScale.safeParse(raw);
        if (!parsed.success)
          throw new Error('--sandbox takes small, medium, large, a number of customers, or off.');
        args.sandboxScale = parsed.data;
        break;
      }
      default:
        throw new Error(
          `Unknown option ${flag}. Usage: start:browser -- [--port P] [--data-dir D] [--no-open]`,
        );
    }
  }
  return args;
}
