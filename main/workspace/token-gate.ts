import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { tokenOrigin } from '../../preload/contract';
import { writeJsonFile } from '../lib/json-file';
import type { Logger } from '../lib/logger';
import type { ProfileService } from '../session/profile-service';

/** Whether the active profile's token may be sent, and if not, what the investigator is to do. */
export type TokenCheck =
  | { ok: true; token: string }
  | { ok: false; reason: 'token_missing' | 'token_refused'; message: string };

/**
 * Which tokens may be sent. The service's tokens expire (about an hour in real deployments) and
 * repeated refused logins can lock an account, so a token the service refused (401, or a 403 that
 * names the credentials) is never sent again: syncs, their schedule and the outbox all wait until
 * another token is saved for the profile. A profile whose token is not known in this run (kept in
 * memory, before a restart) opens its cache all the same; only calling the service needs it.
 */
export function createTokenGate(deps: {
  profiles: Pick<ProfileService, 'activeCredentials' | 'activeProfile'>;
  /**
   * Where the refused digests are kept across restarts: a token stored on disk or in the keyring
   * would otherwise be sent once more after each restart. Absent, they are kept in memory only.
   */
  refusedFile?: string;
  logger?: Logger;
}) {
  // A digest, not the token: the refused value need not be kept in a second place.
  const refused = new Map<string, string>(
    deps.refusedFile ? Object.entries(readRefused(deps.refusedFile, deps.logger)) : [],
  );
  let saving: Promise<void> = Promise.resolve();
  /** Writes the refused digests; writes are queued so the last one written is the latest. */
  const persist = (): void => {
    const path = deps.refusedFile;
    if (!path) return;
    const snapshot = Object.fromEntries(refused);
    saving = saving
      .then(() => writeJsonFile(path, snapshot, 0o600))
      .catch((error: unknown) => {
        deps.logger?.warn(`Could not keep the refused tokens in ${path}: ${String(error)}`);
      });
  };
  /** The token last handed out per profile: the one a 401 answers. */
  const handed = new Map<string, string>();
  const digest = (token: string) => createHash('sha256').update(token).digest('hex');

  const nameOf = (profileId: string): string => {
    const profile = deps.profiles.activeProfile();
    return profile && profile.id === profileId ? profile.name : 'this profile';
  };

  /**
   * `baseUrl`: where the asking workspace sends it. A profile moved to another origin keeps its old
   * workspace open until the switch ends; a token saved for the new origin never goes to the old.
   */
  const check = (profileId: string, baseUrl: string): TokenCheck => {
    const active = deps.profiles.activeCredentials();
    if (
      !active ||
      active.profile.id !== profileId ||
      tokenOrigin(active.profile.baseUrl) !== tokenOrigin(baseUrl)
    ) {
      return {
        ok: false,
        reason: 'token_missing',
        message: `No token for ${nameOf(profileId)} is kept in this run: the cache is shown as last synced. Enter the token to sync.`,
      };
    }
    if (refused.get(profileId) === digest(active.token)) {
      return {
        ok: false,
        reason: 'token_refused',
        message: `The token for ${active.profile.name} was refused — enter a new one. The cache is shown as last synced, and unsent changes wait in the outbox.`,
      };
    }
    return { ok: true, token: active.token };
  };

  return {
    check,
    /**
     * The token to send for the profile now. Throws when none may be sent: the API client then
     * fails the call as an authentication failure without sending anything.
     */
    tokenFor(profileId: string, baseUrl: string): string {
      const result = check(profileId, baseUrl);
      if (!result.ok) throw new Error(result.message);
      handed.set(profileId, result.token);
      // A new token replaced the refused one: the old digest need not be kept any longer.
      if (refused.delete(profileId)) persist();
      return result.token;
    },
    /** The service refused this token (or, without one, the last one handed out) for the profile. */
    refuse(profileId: string, token: string | undefined = handed.get(profileId)): void {
      if (token === undefined) return;
      refused.set(profileId, digest(token));
      persist();
    },
    /** Resolves once the refused digests written so far are on disk. */
    saved(): Promise<void> {
      return saving;
    },
  };
}

const refusedSchema = z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/));

/**
 * The refused digests kept by an earlier run. Read at once (the gate answers synchronously); a
 * missing file is none, and a damaged one is treated as none with a log line: the service will
 * refuse such a token again, once.
 */
function readRefused(path: string, logger: Logger | undefined): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      logger?.warn(`Could not read the refused tokens in ${path}: ${String(error)}`);
    }
    return {};
  }
  try {
    const parsed = refusedSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    logger?.warn(`The refused tokens in ${path} are unreadable; treated as none`);
  } catch {
    logger?.warn(`The refused tokens in ${path} are not JSON; treated as none`);
  }
  return {};
}

export type TokenGate = ReturnType<typeof createTokenGate>;
