import { z } from 'zod';
import { method } from './define';

// The offline cache itself: what it holds, and which of its tables changed.

export interface CacheCounts {
  counts: Record<string, number>;
  customersAwaitingDetail: number;
}

export const cacheMethods = {
  counts: method<CacheCounts>()(z.undefined()),
};

export interface CacheEvents {
  'cache.changed': { tables: string[] };
}
