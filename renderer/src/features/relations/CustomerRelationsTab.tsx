import { useState } from 'react';
import type {
  Customer360,
  KeptRelation,
  RelationTypeLabel,
  SaveReport,
} from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { RecordLink } from '../../components/RecordLink';
import { ServiceText } from '../../components/ServiceText';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, errorMessage, unwrap } from '../../lib/api';
import { useCached } from '../../lib/use-cached';
import { emptyForm, formOf, type RelationForm } from './relation-draft';
import { typeLabel } from './relation-labels';
import { RelationFormView } from './RelationFormView';
import { RelationGraphView } from './RelationGraphView';
import { RelationTypesEditor } from './RelationTypesEditor';

const listKey = (externalId: string) => `relations:${externalId}`;

/** One empty list while the labels are read: a new one at each render would rebuild the graph. */
const NO_TYPES: readonly RelationTypeLabel[] = [];

/** The relations kept for a customer (saved from CaseDesk), for its tab's count; null while unknown. */
export function useCustomerRelationCount(externalId: string): number | null {
  const read = useCached(listKey(externalId), () => unwrap(api.relations.list({ externalId })));
  return read.data?.length ?? null;
}

/** The profile's type labels; none while they cannot be read (types then show as "Type N"). */
function useRelationTypes() {
  return useCached('relation-types', () => unwrap(api.relations.types()));
}

const STATE_WORDS: Record<KeptRelation['state'], string> = {
  saved: 'Saved',
  queued: 'Waiting in the outbox',
  refused: 'Refused by the service',
};

function stateText(relation: KeptRelation): string {
  const parts = [STATE_WORDS[relation.state]];
  if (relation.disabled) parts.push('disabled');
  return parts.join(', ');
}

/** A relation the service refused when the outbox delivered it: why, and what to do. */
function Refusal({ relation }: { relation: KeptRelation }) {
  return (
    <div className="relation-refusal" data-testid="kept-relation-refusal">
      <ServiceText text={relation.refusal || 'The service gave no reason.'} lines={0} />
      <p className="relation-muted">
        Not saved. Edit it and save again; then discard the held change in the Outbox.
      </p>
    </div>
  );
}

function RelationTable({
  title,
  relations,
  side,
  types,
  onEdit,
  onToggle,
  busy,
  names,
  testId,
}: {
  title: string;
  relations: KeptRelation[];
  side: 'parent' | 'child';
  types: readonly RelationTypeLabel[];
  onEdit: (relation: KeptRelation) => void;
  onToggle: (relation: KeptRelation) => void;
  busy: string | null;
  /** Cached names of the customers at the other end, where the graph knows them. */
  names: ReadonlyMap<string, string>;
  testId: string;
}) {
  return (
    <div className="relation-group" data-testid={testId}>
      <h3 className="customer-subtitle">{title}</h3>
      {relations.length === 0 ? (
        <p className="customer-muted">None</p>
      ) : (
        <table className="relation-table">
          <thead>
            <tr>
              <th scope="col">{side === 'parent' ? 'Child' : 'Parent'}</th>
              <th scope="col">Type</th>
              <th scope="col">Relation id</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {relations.map((relation) => {
              const other =
                side === 'parent' ? relation.childExternalId : relation.parentExternalId;
              return (
                <tr
                  key={relation.relationExternalId}
                  className={
                    [
                      relation.disabled ? 'is-disabled' : '',
                      relation.state === 'refused' ? 'is-refused' : '',
                    ]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  data-testid="kept-relation"
                  data-relation-id={relation.relationExternalId}
                >
                  <td>
                    <RecordLink
                      to={{ screen: 'customer', externalId: other, tab: 'relations' }}
                      testId="kept-relation-link"
                    >
                      <ServiceText text={other} className="mono" />
                    </RecordLink>
                    {names.get(other) && (
                      <div className="relation-other-name">
                        <ServiceText text={names.get(other) ?? ''} testId="kept-relation-name" />
                      </div>
                    )}
                  </td>
                  <td data-testid="kept-relation-type">
                    {typeLabel(types, relation.relationType)}
                  </td>
                  <td>
                    <ServiceText text={relation.relationExternalId} className="mono" />
                  </td>
                  <td>
                    <span data-testid="kept-relation-state">{stateText(relation)}</span>
                    {relation.state === 'refused' && <Refusal relation={relation} />}
                  </td>
                  <td className="relation-actions">
                    <Button
                      variant="ghost"
                      data-testid="kept-relation-edit"
                      aria-label={`Edit relation ${relation.relationExternalId}`}
                      onClick={() => onEdit(relation)}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      busy={busy === relation.relationExternalId}
                      data-testid="kept-relation-toggle"
                      aria-label={`${relation.disabled ? 'Enable' : 'Disable'} relation ${relation.relationExternalId}`}
                      onClick={() => onToggle(relation)}
                    >
                      {relation.disabled ? 'Enable' : 'Disable'}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

const DEPTHS = [1, 2, 3, 4] as const;

function useGraph(externalId: string, depth: number) {
  return useCached(`relations-graph:${externalId}:${depth}`, () =>
    unwrap(api.relations.graph({ externalId, depth })),
  );
}

/** The graph's card: loading, an error, no links (empty), a cut graph's note, or the graph. */
export function GraphSection({
  read,
  depth,
  onDepth,
  types,
}: {
  read: ReturnType<typeof useGraph>;
  depth: number;
  onDepth: (depth: number) => void;
  types: readonly RelationTypeLabel[];
}) {
  const graph = read.data;
  return (
    <section className="customer-card" aria-labelledby="relation-graph-title">
      <div className="customer-card-head">
        <h2 id="relation-graph-title" className="customer-card-title">
          Graph
        </h2>
        <label className="relation-depth">
          Steps shown{' '}
          <select
            value={depth}
            data-testid="relation-graph-depth"
            onChange={(event) => onDepth(Number(event.target.value))}
          >
            {DEPTHS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!graph ? (
        read.status === 'error' ? (
          <ErrorState error={read.error} onRetry={read.reload} />
        ) : (
          <LoadingState label="Drawing the relations…" />
        )
      ) : graph.nodes.length <= 1 ? (
        <EmptyState title="No parents, children or relations known" testId="relation-graph-empty">
          Neither the cache nor the relations saved from CaseDesk link this customer to another.
        </EmptyState>
      ) : (
        <>
          {graph.cut && (
            <Banner tone="info" testId="relation-graph-cut">
              More customers are linked than the graph shows ({graph.nodes.length} shown). Open a
              customer to see its own graph.
            </Banner>
          )}
          <p className="field-hint">
            Parents above, children below; a dashed line is a disabled relation, a dotted red one a
            relation the service refused. Tab to a customer and press Enter to open it.
          </p>
          <RelationGraphView graph={graph} types={types} />
        </>
      )}
    </section>
  );
}

/**
 * The relations saved from CaseDesk for a customer (the interface cannot read relations back: they
 * are kept in the profile's local store), as parent and as child; adding, editing and disabling
 * one; the graph of its parents, children and relations; the profile's type labels.
 */
export function CustomerRelationsTab({ customer }: { customer: Customer360 }) {
  const externalId = customer.identity.externalId;
  const read = useCached(listKey(externalId), () => unwrap(api.relations.list({ externalId })));
  const typesRead = useRelationTypes();
  const types = typesRead.data ?? NO_TYPES;
  const [editing, setEditing] = useState<{ form: RelationForm; existing: boolean } | null>(null);
  const [notice, setNotice] = useState<{
    tone: 'success' | 'danger' | 'warning';
    text: string;
    /** Said of this relation while it waits in the outbox: gone once it is delivered. */
    whileQueued?: string;
  } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [depth, setDepth] = useState(2);
  const graphRead = useGraph(externalId, depth);
  const names = new Map(
    (graphRead.data?.nodes ?? []).map((node) => [node.externalId, node.name] as const),
  );

  const saved = (report: SaveReport) => {
    setEditing(null);
    setNotice(
      report.outcome === 'queued'
        ? {
            tone: 'warning',
            text: 'The service cannot be reached: the relation waits in the outbox and is sent when it is back.',
            whileQueued: report.lines.find((line) => line.kind === 'relation')?.externalId ?? '',
          }
        : { tone: 'success', text: 'Relation saved.' },
    );
    read.reload();
    graphRead.reload();
  };

  const toggle = async (relation: KeptRelation) => {
    setBusy(relation.relationExternalId);
    setNotice(null);
    try {
      const report = await unwrap(
        api.relations.save({
          relation: {
            relation_external_id: relation.relationExternalId,
            parent_customer_external_id: relation.parentExternalId,
            child_customer_external_id: relation.childExternalId,
            ...(relation.relationType === null ? {} : { relation_type: relation.relationType }),
            disabled: !relation.disabled,
            fields: relation.fields,
          },
          verifyOnly: false,
        }),
      );
      if (report.failed) {
        const problems = report.lines.flatMap((line) => line.errors);
        setNotice({
          tone: 'danger',
          text: `The service refused it: ${problems.map((problem) => problem.detail || problem.code).join('; ')}`,
        });
      } else saved(report);
    } catch (error) {
      setNotice({ tone: 'danger', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const relations = read.data;
  const delivered = (relationExternalId: string | undefined) =>
    relationExternalId !== undefined &&
    relations?.some(
      (relation) =>
        relation.relationExternalId === relationExternalId && relation.state !== 'queued',
    ) === true;
  const asParent = relations?.filter((relation) => relation.parentExternalId === externalId) ?? [];
  const asChild = relations?.filter((relation) => relation.childExternalId === externalId) ?? [];

  return (
    <div className="relations-tab" data-testid="relations-tab">
      <section className="customer-card" aria-labelledby="kept-relations-title">
        <div className="customer-card-head">
          <h2 id="kept-relations-title" className="customer-card-title">
            Relations saved from CaseDesk
          </h2>
          {!editing && (
            <Button
              variant="primary"
              data-testid="relation-add"
              onClick={() => {
                setNotice(null);
                setEditing({ form: emptyForm(externalId, 'parent'), existing: false });
              }}
            >
              Add relation
            </Button>
          )}
        </div>
        {notice && !delivered(notice.whileQueued) && (
          <Banner tone={notice.tone} testId="relation-notice">
            <ServiceText text={notice.text} lines={0} />
          </Banner>
        )}
        {editing && (
          <RelationFormView
            key={editing.form.relationExternalId || 'new'}
            initial={editing.form}
            editing={editing.existing}
            types={types}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        )}
        {!relations ? (
          read.status === 'error' ? (
            <ErrorState error={read.error} onRetry={read.reload} />
          ) : (
            <LoadingState label="Reading the kept relations…" />
          )
        ) : relations.length === 0 ? (
          <EmptyState title="No relations saved from CaseDesk" testId="relations-empty">
            The service cannot list relations, so CaseDesk shows those saved here. Parents and
            children named by the customers’ own records are on the Overview and in the graph.
          </EmptyState>
        ) : (
          <>
            <RelationTable
              title="This customer is parent of"
              relations={asParent}
              side="parent"
              types={types}
              busy={busy}
              names={names}
              onEdit={(relation) => setEditing({ form: formOf(relation), existing: true })}
              onToggle={(relation) => void toggle(relation)}
              testId="kept-as-parent"
            />
            <RelationTable
              title="This customer is child of"
              relations={asChild}
              side="child"
              types={types}
              busy={busy}
              names={names}
              onEdit={(relation) => setEditing({ form: formOf(relation), existing: true })}
              onToggle={(relation) => void toggle(relation)}
              testId="kept-as-child"
            />
          </>
        )}
      </section>
      <GraphSection read={graphRead} depth={depth} onDepth={setDepth} types={types} />
      <section className="customer-card" aria-labelledby="relation-types-title">
        <details>
          <summary>
            <h2 id="relation-types-title" className="customer-card-title relation-summary-title">
              Relation types
            </h2>
          </summary>
          {typesRead.status === 'error' && (
            <Banner tone="danger">{errorMessage(typesRead.error)}</Banner>
          )}
          {typesRead.data && (
            <RelationTypesEditor types={typesRead.data} onSaved={typesRead.reload} />
          )}
        </details>
      </section>
    </div>
  );
}
