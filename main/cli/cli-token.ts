import { readFile } from 'node:fs/promises';
import { Token } from '../../preload/contract';
import { flag, type ParsedArgs } from './cli-args';

export interface TokenInput {
  env: NodeJS.ProcessEnv;
  readStdin(): Promise<string>;
  warn(line: string): void;
}

export const TOKEN_SOURCES = 'CASEDESK_TOKEN, --token-file FILE or --token-stdin';

/**
 * The token the user gave for this run, or null: from `--token-file`, `--token-stdin` or
 * CASEDESK_TOKEN, which other users of the computer cannot see. `--token` still works, but its
 * value is in the process list for anyone to read, so it says so.
 */
export async function readGivenToken(args: ParsedArgs, input: TokenInput): Promise<string | null> {
  const file = flag(args, 'token-file');
  const fromStdin = args.flags.has('token-stdin');
  const onCommandLine = flag(args, 'token');
  if ([file !== null, fromStdin, onCommandLine !== null].filter(Boolean).length > 1)
    throw new Error('Give the token by only one of --token-file, --token-stdin or --token.');
  if (file !== null) return checked('--token-file', await readTokenFile(file));
  if (fromStdin) return checked('standard input', await input.readStdin());
  if (onCommandLine !== null) {
    input.warn(
      `warning: --token is visible to other users of this computer in the process list; give it by ${TOKEN_SOURCES} instead.`,
    );
    return checked('--token', onCommandLine);
  }
  const env = input.env.CASEDESK_TOKEN;
  return env === undefined || env === '' ? null : checked('CASEDESK_TOKEN', env);
}

async function readTokenFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(`--token-file: could not read ${path} (${code}).`, { cause: error });
  }
}

/** The app's own rule for a token; the value itself never goes into a message. */
function checked(source: string, text: string): string {
  if (text.trim() === '') throw new Error(`${source}: no token was given there.`);
  const parsed = Token.safeParse(text);
  if (!parsed.success)
    throw new Error(`${source}: ${parsed.error.issues[0]?.message ?? 'not a valid token.'}`);
  return parsed.data;
}

/** All of standard input, as text. */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
