import { z } from 'zod';
import { parseFaultSpec, type FaultSettings } from './faults';
import type { Scale } from './generator';

export interface SandboxArgs {
  port: number;
  token: string | null;
  seed: number;
  scale: Scale;
  dataDir: string | null;
  faults: Partial<FaultSettings>;
  reset: boolean;
}

export const USAGE =
  'npm run sandbox -- [--port P] [--token T] [--seed S] [--scale small|medium|large|<customers>] [--data-dir D] [--faults latency=50,5xx=0.1,429=0.05,drop=0.02,malformed=0.02,rate=100] [--reset]';

const Port = z.coerce.number().int().min(0).max(65535);
const Seed = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const Scale = z.union([
  z.enum(['small', 'medium', 'large']),
  z.coerce.number().int().min(1).max(1_000_000),
]);

export function parseSandboxArgs(argv: readonly string[]): SandboxArgs {
  const args: SandboxArgs = {
    port: 0,
    token: null,
    seed: 1,
    scale: 'small',
    dataDir: null,
    faults: {},
    reset: false,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('--'))
        throw new Error(`${flag} needs a value. Usage: ${USAGE}`);
      index += 1;
      return next;
    };
    const parse = <T>(schema: z.ZodType<T>, raw: string, what: string): T => {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw new Error(`${flag} takes ${what}, not ${JSON.stringify(raw)}.`);
      return parsed.data;
    };
    switch (flag) {
      case '--port':
        args.port = parse(Port, value(), 'a port from 0 (any free port) to 65535');
        break;
      case '--token': {
        const token = value();
        if (!/^[\x21-\x7e]{8,}$/.test(token))
          throw new Error('--token takes at least 8 printable characters without spaces.');
        args.token = token;
        break;
      }
      case '--seed':
        args.seed = parse(Seed, value(), 'a non-negative integer');
        break;
      case '--scale':
        args.scale = parse(Scale, value(), 'small, medium, large or a number of customers');
        break;
      case '--data-dir':
        args.dataDir = value();
        break;
      case '--faults':
        args.faults = parseFaultSpec(value());
        break;
      case '--reset':
        args.reset = true;
        break;
      default:
        throw new Error(`Unknown option ${flag}. Usage: ${USAGE}`);
    }
  }
  return args;
}
