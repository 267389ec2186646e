import { z } from 'zod';

export interface HostArgs {
  port: number;
  dataDir: string | null;
  open: boolean;
}

const Port = z.coerce.number().int().min(0).max(65535);

/** `[--port P] [--data-dir D] [--no-open]`, with a clear error for anything else. */
export function parseHostArgs(argv: readonly string[]): HostArgs {
  const args: HostArgs = { port: 0, dataDir: null, open: true };
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
      default:
        throw new Error(
          `Unknown option ${flag}. Usage: start:browser -- [--port P] [--data-dir D] [--no-open]`,
        );
    }
  }
  return args;
}
