// What other features use of queue: they reach it through this file only.
export { routeQuery, useQueueMemory } from './queue-memory';
export { type QueueQuery, sameQuery } from './queue-query';
