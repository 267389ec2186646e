import type { QueueColumnList, QueueColumnName } from '../../../../preload/contract';

/**
 * The contract's QUEUE_COLUMNS, in its order: the renderer imports only the contract's types, and
 * this type keeps the copy equal to it, entry for entry.
 */
export const QUEUE_COLUMNS: QueueColumnList = [
  'id',
  'customerName',
  'customerExternalId',
  'category',
  'score',
  'state',
  'createdAt',
  'updatedAt',
  'agentId',
  'reviewGroups',
];

export const COLUMN_LABELS: Record<QueueColumnName, string> = {
  id: 'Alert ID',
  customerName: 'Customer',
  customerExternalId: 'Customer ID',
  category: 'Category',
  score: 'Score',
  state: 'State',
  createdAt: 'Created',
  updatedAt: 'Updated',
  agentId: 'Assignee',
  reviewGroups: 'Review groups',
};
