import type { CasedeskApi } from '../../../../preload/contract';
import { api } from '../../lib/api';

// The bulk import's bridge methods. The screens' logic takes the bridge as a value (not
// `api.customerImport` named in each module) so it runs in tests over a fake one.

export type ImportBridge = CasedeskApi['customerImport'];

/** The window's bridge (Electron's preload, or the browser host's transport). */
export const importBridge = (): ImportBridge => api.customerImport;
