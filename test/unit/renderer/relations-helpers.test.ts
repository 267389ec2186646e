import { describe, expect, it } from 'vitest';
import type { RelationGraph, SaveReport } from '../../../preload/contract';
import { layoutGraph } from '../../../renderer/src/features/relations/graph-layout';
import {
  draftOf,
  emptyForm,
  fieldValue,
  formOf,
  lineOf,
  problemsByField,
} from '../../../renderer/src/features/relations/relation-draft';
import {
  labelsOf,
  proposedRelationId,
  typeLabel,
} from '../../../renderer/src/features/relations/relation-labels';
import { keptRelation } from '../../support/relations-fixture';

describe('relation type labels', () => {
  const types = [{ value: 2, label: 'Shareholder' }];
  it('shows the profile’s label, else "Type N"', () => {
    expect(typeLabel(types, 2)).toBe('Shareholder');
    expect(typeLabel(types, 9)).toBe('Type 9');
    expect(typeLabel([], null)).toBe('No type');
  });
  it('proposes rel-<parent>-<child>-<type> once both ends are known', () => {
    expect(proposedRelationId('C1', 'C2', 7)).toBe('rel-C1-C2-7');
    expect(proposedRelationId(' C1 ', 'C2', null)).toBe('rel-C1-C2');
    expect(proposedRelationId('C1', '', 7)).toBe('');
    expect(proposedRelationId('x'.repeat(200), 'y'.repeat(200), 1)).toHaveLength(256);
  });
  it('checks the labels typed before they are sent', () => {
    expect(
      labelsOf([
        { value: ' 3 ', label: ' Director ' },
        { value: '', label: '' },
      ]),
    ).toEqual({
      ok: true,
      types: [{ value: 3, label: 'Director' }],
    });
    expect(labelsOf([{ value: '2.5', label: '' }])).toEqual({
      ok: false,
      problems: {
        'types.0.value': 'A type is a whole number, as the service knows it.',
        'types.0.label': 'Give the type a label.',
      },
    });
  });
});

describe('the relation form', () => {
  it('builds the write shape, custom fields read as JSON where they are', () => {
    const form = {
      ...emptyForm('C1', 'parent'),
      relationExternalId: ' rel-1 ',
      child: 'C2',
      type: '4',
      fields: [
        { key: 'share', value: '40' },
        { key: 'note', value: 'since 2020' },
        { key: '', value: '' },
      ],
    };
    expect(draftOf(form)).toEqual({
      ok: true,
      draft: {
        relation_external_id: 'rel-1',
        parent_customer_external_id: 'C1',
        child_customer_external_id: 'C2',
        relation_type: 4,
        disabled: false,
        fields: { share: 40, note: 'since 2020' },
      },
    });
    expect(fieldValue('{"a": 1}')).toEqual({ a: 1 });
    expect(fieldValue('[oops')).toBe('[oops');
  });
  it('names each problem by its field before anything is sent', () => {
    const result = draftOf({
      ...emptyForm('C1', 'child'),
      type: 'x',
      fields: [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
        { key: '', value: 'orphan' },
      ],
    });
    expect(result).toEqual({
      ok: false,
      problems: {
        relation_external_id: 'Give the relation an external id.',
        parent_customer_external_id: 'Choose the parent customer.',
        relation_type: 'A relation type is a whole number.',
        'fields.1': 'The field a is given twice.',
        'fields.2': 'Give this custom field a name.',
      },
    });
  });
  it('starts an edit from the kept relation', () => {
    const form = formOf(keptRelation('R1', 'P', 'K', { fields: { n: 2, s: 'x' }, disabled: true }));
    expect(form).toMatchObject({ relationExternalId: 'R1', type: '1', disabled: true });
    expect(form.fields).toEqual([
      { key: 'n', value: '2' },
      { key: 's', value: 'x' },
    ]);
    expect(draftOf(form)).toMatchObject({ ok: true, draft: { fields: { n: 2, s: 'x' } } });
  });
  it('places the service’s problems beside the fields they name', () => {
    const report: SaveReport = {
      outcome: 'verified',
      status: 'ok',
      failed: true,
      riskScanForced: false,
      lines: [
        {
          kind: 'relation',
          externalId: 'R1',
          customerId: null,
          errors: [
            { code: 'unknown_customer', detail: 'no K', field: 'child_customer_external_id' },
            { code: 'odd', detail: '', field: null },
            { code: 'f', detail: '', field: 'fields.share' },
          ],
          warnings: [],
        },
      ],
    };
    const line = lineOf(report, 'R1');
    const by = problemsByField(line?.errors ?? []);
    expect(by.get('child_customer_external_id')?.map((p) => p.code)).toEqual(['unknown_customer']);
    expect(by.get('')?.map((p) => p.code)).toEqual(['odd']);
    expect(by.get('fields')?.map((p) => p.code)).toEqual(['f']);
  });
});

describe('the graph layout', () => {
  it('puts parents above the customer and children below', () => {
    const graph: RelationGraph = {
      center: 'C',
      cut: false,
      nodes: [
        { externalId: 'C', name: '', distance: 0 },
        { externalId: 'P', name: '', distance: 1 },
        { externalId: 'K1', name: '', distance: 1 },
        { externalId: 'K2', name: '', distance: 1 },
        { externalId: 'G', name: '', distance: 2 },
      ],
      edges: [
        {
          id: 'a',
          parentExternalId: 'P',
          childExternalId: 'C',
          relationType: 1,
          fromReadShape: false,
          disabled: false,
        },
        {
          id: 'b',
          parentExternalId: 'C',
          childExternalId: 'K1',
          relationType: 1,
          fromReadShape: false,
          disabled: false,
        },
        {
          id: 'c',
          parentExternalId: 'C',
          childExternalId: 'K2',
          relationType: 1,
          fromReadShape: false,
          disabled: false,
        },
        {
          id: 'd',
          parentExternalId: 'G',
          childExternalId: 'P',
          relationType: 1,
          fromReadShape: false,
          disabled: false,
        },
      ],
    };
    const placed = new Map(layoutGraph(graph).map((node) => [node.externalId, node]));
    expect([...placed.values()].map((n) => [n.externalId, n.level])).toEqual([
      ['G', -2],
      ['P', -1],
      ['C', 0],
      ['K1', 1],
      ['K2', 1],
    ]);
    const y = (id: string) => placed.get(id)?.y ?? NaN;
    expect(y('G')).toBeLessThan(y('P'));
    expect(y('P')).toBeLessThan(y('C'));
    expect(y('C')).toBeLessThan(y('K1'));
    // A row is centred: its two children either side of the middle.
    expect((placed.get('K1')?.x ?? 0) + (placed.get('K2')?.x ?? 0)).toBeCloseTo(-190, 5);
  });
});
