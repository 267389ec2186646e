import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The process boundaries are a lint rule; this proves the rule bites. Type-aware rules are turned
// off for these probes (the probe files do not exist on disk), the boundary rules are not.
const eslint = new ESLint({
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

describe('lint enforces the process boundaries', () => {
  it.each([
    "import { app } from 'electron';",
    "import { readFile } from 'node:fs';",
    "import { join } from 'path';",
    "import Database from 'better-sqlite3';",
    "import { request } from 'undici';",
    "import { createCore } from '../../../main/core';",
    "import { contract } from '../../../preload/contract';",
  ])('the renderer may not: %s', async (line) => {
    expect(
      await restrictedImports('renderer/src/features/probe.ts', `${line}\nexport {};\n`),
    ).toHaveLength(1);
  });

  it('the renderer may import the contract’s types', async () => {
    const code =
      "import type { ProfileView } from '../../../preload/contract';\nexport type X = ProfileView;\n";
    expect(await restrictedImports('renderer/src/features/probe.ts', code)).toEqual([]);
  });

  it('only the Electron shell imports electron in main', async () => {
    const code = "import { app } from 'electron';\nexport const a = app;\n";
    expect(await restrictedImports('main/session/probe.ts', code)).toHaveLength(1);
    expect(await restrictedImports('main/shell/probe.ts', code)).toEqual([]);
    expect(await restrictedImports('main/index.ts', code)).toEqual([]);
  });

  it('the contract imports only zod and itself', async () => {
    expect(
      await restrictedImports(
        'preload/contract/probe.ts',
        "import { z } from 'zod';\nimport { m } from './define';\nexport const a = [z, m];\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'preload/contract/probe.ts',
        "import { readFile } from 'node:fs';\nexport const a = readFile;\n",
      ),
    ).toHaveLength(1);
  });

  it('the preload script takes the contract as types only', async () => {
    expect(
      await restrictedImports(
        'preload/index.ts',
        "import { contract } from './contract';\nexport const a = contract;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'preload/index.ts',
        "import type { CasedeskApi } from './contract';\nexport type A = CasedeskApi;\n",
      ),
    ).toEqual([]);
  });
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'casedesk/layers')
    .map((message) => message.message);
}

describe('lint enforces the layers of main and the renderer', () => {
  it.each([
    ['main/lib/probe.ts', "import { openCache } from '../cache/open-cache';"],
    ['main/cache/probe.ts', "import { openOutbox } from '../outbox/outbox-store';"],
    ['main/outbox/probe.ts', "import type { Workspace } from '../workspace/workspace';"],
    [
      'main/uploads/probe.ts',
      "import { createWorkspaceManager } from '../workspace/workspace-manager';",
    ],
    ['main/workspace/probe.ts', "import { createHandlers } from '../bridge';"],
    ['main/bridge/probe.ts', "import { createCore } from '../core';"],
    ['main/api/probe.ts', "export { openCache } from '../cache/../session/profile-store';"],
    ['main/sandbox/probe.ts', "import { openCache } from '../cache/open-cache';"],
    ['main/cache/probe.ts', "const later = import('../sync/sync-engine');"],
    ['renderer/src/lib/probe.ts', "import { Button } from '../components/Button';"],
    ['renderer/src/components/probe.ts', "import { useSync } from '../features/sync/store';"],
    ['renderer/src/features/queue/probe.ts', "import { AppFrame } from '../../app/AppFrame';"],
    [
      'renderer/src/features/alerts/probe.ts',
      "import { useQueueMemory } from '../queue/queue-memory';",
    ],
  ])('%s may not: %s', async (filePath, line) => {
    expect(await layerErrors(filePath, `${line}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    ['main/cache/probe.ts', "import { AppError } from '../lib/app-error';"],
    ['main/uploads/probe.ts', "import { outboxCopyPath } from '../outbox/outbox-files';"],
    [
      'main/bridge/probe.ts',
      "import type { WorkspaceManager } from '../workspace/workspace-manager';",
    ],
    ['main/core.ts', "import { createHandlers } from './bridge';"],
    ['main/sandbox/probe.ts', "import type { Logger } from '../lib/logger';"],
    ['main/cache/probe.ts', "import type { Contract } from '../../preload/contract';"],
    ['renderer/src/features/alerts/probe.ts', "import { useQueueMemory } from '../queue';"],
    ['renderer/src/app/probe.ts', "import { OutboxBadge } from '../features/outbox/OutboxBadge';"],
    ['renderer/src/components/probe.ts', "import { navigate } from '../lib/navigation';"],
  ])('%s may: %s', async (filePath, line) => {
    expect(await layerErrors(filePath, `${line}\nexport {};\n`)).toEqual([]);
  });

  it('a folder of main in no layer must be placed first', async () => {
    const errors = await layerErrors(
      'main/reports/probe.ts',
      "import { AppError } from '../lib/app-error';\nexport {};\n",
    );
    expect(errors).toEqual([expect.stringContaining('main/reports is in no layer')]);
  });
});
