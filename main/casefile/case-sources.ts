import type { KeptRelation } from '../../preload/contract';
import type { CacheDb } from '../cache/open-cache';
import type { DownloadedFiles } from '../downloads/downloaded-files';
import type { KytService } from '../kyt/kyt-service';
import type { Journal } from '../local/journal';
import type { PressService } from '../press/press-service';
import type { Workbench } from '../workbench/workbench';

/**
 * What a case file is gathered from, all on this computer: the cache, and what the profile's local
 * store keeps (null for each part while it cannot be opened: the case file says so and goes on).
 * The app passes its workspace's services; the command line opens the same stores itself.
 */
export interface CaseFileSources {
  cache: CacheDb;
  /** The service the profile reads (its base URL), named in the case file. */
  service: string;
  journal: Pick<Journal, 'of' | 'head'> | null;
  workbench: Pick<Workbench, 'notes' | 'proposals'> | null;
  press: Pick<PressService, 'list' | 'get' | 'compare'> | null;
  kyt: Pick<KytService, 'list' | 'get'> | null;
  /** Relations CaseDesk saved for a customer (the service cannot list them). */
  keptRelations: ((customerExternalId: string) => KeptRelation[]) | null;
  downloads: Pick<DownloadedFiles, 'get' | 'ofCustomer'> | null;
}
