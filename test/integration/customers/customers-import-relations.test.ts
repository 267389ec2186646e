import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeptRelation, RelationGraph } from '../../../preload/contract';
import type { Core } from '../../../main/core';
import { makeTempDir } from '../../support/temp-dir';
import { createTestCore } from '../../support/test-core';

// The relations a bulk import saved are kept in the profile's local store as the form keeps them,
// so the customer's Relations tab (relations.list, relations.graph) shows them: the workspace's
// import against the sandbox over real HTTP, read back through the bridge.

describe('relations saved by an import, in the workspace', { timeout: 90_000 }, () => {
  const temp = makeTempDir('casedesk-import-relations-');
  let core: Core;
  const call = async <T>(method: string, input?: unknown): Promise<T> => {
    const reply = await core.dispatch(method, input, { transport: 'browser' });
    if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
    return reply.value as T;
  };

  beforeAll(async () => {
    core = await createTestCore(temp.path, { sandbox: { scale: 10, seed: 3 } });
  });
  afterAll(async () => {
    await core.dispose();
    temp.remove();
  });

  it('lists each saved relation on both customers, as saved, and draws it in the graph', async () => {
    await call('sync.status'); // the active profile's workspace opens at its first call
    const imports = core.workspaces.workspace()?.customerImports;
    if (!imports) throw new Error('the test profile has no customer imports');
    const customers = join(temp.path, 'customers.ndjson');
    writeFileSync(
      customers,
      [
        { external_id: 'REL-P', account_type: 'F', company_name: 'Parent Ltd' },
        { external_id: 'REL-K', account_type: 'F', company_name: 'Kid Ltd' },
        { external_id: 'REL-Q', account_type: 'N', first_name: 'Ana', last_name: 'Quist' },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    const relations = join(temp.path, 'relations.csv');
    writeFileSync(
      relations,
      'relation_external_id,parent,child,relation_type\n' +
        'REL-1,REL-P,REL-K,7\nREL-2,REL-Q,REL-K,4\nREL-3,REL-P,NOBODY,7\n',
    );
    let view = await imports.start({
      file: { path: customers, fileName: 'customers.ndjson' },
      relationsFile: { path: relations, fileName: 'relations.csv' },
      saveMapping: false,
      batchSize: 2,
      disableRiskScan: false,
      verify: true,
    });
    view = await imports.settled(view.id);
    imports.save(view.id);
    view = await imports.settled(view.id);
    expect(view).toMatchObject({ state: 'done', saved: 5 });

    const ofKid = await call<KeptRelation[]>('relations.list', { externalId: 'REL-K' });
    expect(ofKid.map((r) => [r.relationExternalId, r.parentExternalId, r.state])).toEqual([
      ['REL-1', 'REL-P', 'saved'],
      ['REL-2', 'REL-Q', 'saved'],
    ]);
    expect(ofKid[0]).toMatchObject({ childExternalId: 'REL-K', relationType: 7, disabled: false });
    // The line the service refused (an unknown child) is not kept.
    const ofParent = await call<KeptRelation[]>('relations.list', { externalId: 'REL-P' });
    expect(ofParent.map((r) => r.relationExternalId)).toEqual(['REL-1']);
    const graph = await call<RelationGraph>('relations.graph', { externalId: 'REL-K' });
    expect(graph.edges.map((edge) => edge.id).sort()).toEqual(['REL-1', 'REL-2']);
  });
});
