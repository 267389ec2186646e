import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../lib/json-file';
import type { Logger } from '../lib/logger';

const StoredTestResult = z.object({
  outcome: z.enum([
    'ok',
    'unreachable',
    'token_refused',
    'tls_error',
    'timeout',
    'unexpected_response',
  ]),
  message: z.string(),
  httpStatus: z.number().int().nullable(),
  latencyMs: z.number(),
  testedAt: z.string(),
});

const StoredProfile = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  baseUrl: z.string().min(1),
  tokenStorage: z.enum(['secure', 'weak', 'memory']),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastTest: StoredTestResult.nullable().default(null),
  syncScope: z
    .object({
      reviewGroups: z.array(z.string()),
      states: z.array(z.number().int()),
      categories: z.array(z.enum(['pep', 'rca', 'sip', 'sie', 'rca_pep', 'rca_sip', 'rca_sie'])),
      assignedToMemberId: z.number().int().nullable(),
    })
    .default({ reviewGroups: [], states: [], categories: [], assignedToMemberId: null }),
  caFile: z.string().nullable().default(null),
});
export type StoredProfile = z.infer<typeof StoredProfile>;

const ProfilesFile = z.object({
  version: z.literal(1),
  activeProfileId: z.string().nullable(),
  profiles: z.array(StoredProfile),
});
export type ProfilesFile = z.infer<typeof ProfilesFile>;

const empty = (): ProfilesFile => ({ version: 1, activeProfileId: null, profiles: [] });

/** Connection profiles (never tokens) in `profiles.json`, written atomically, one write at a time. */
export interface ProfileStore {
  snapshot(): ProfilesFile;
  update(change: (current: ProfilesFile) => ProfilesFile): Promise<ProfilesFile>;
}

export async function openProfileStore(options: {
  dataDir: string;
  logger: Logger;
}): Promise<ProfileStore> {
  const path = join(options.dataDir, 'profiles.json');
  let state = await readJsonFile(path, ProfilesFile, empty, options.logger);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    snapshot: () => structuredClone(state),
    update(change) {
      const next = queue.then(async () => {
        const updated = ProfilesFile.parse(change(structuredClone(state)));
        await writeJsonFile(path, updated);
        state = updated;
        return structuredClone(state);
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
