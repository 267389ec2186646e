import type {
  ImportView,
  MethodInput,
  MethodOutput,
  Result,
  Unsubscribe,
  customerImportMethods,
} from '../../../../preload/contract';
import { api } from '../../lib/api';

// The bulk import's bridge methods, typed from their contract. The screens take it as a value
// (not `api.customerImport` named in each module) so the logic runs in tests over a fake bridge.

type Methods = typeof customerImportMethods;
type Call<M> =
  undefined extends MethodInput<M>
    ? (input?: MethodInput<M>) => Promise<Result<MethodOutput<M>>>
    : (input: MethodInput<M>) => Promise<Result<MethodOutput<M>>>;

export type ImportBridge = { [K in keyof Methods]: Call<Methods[K]> } & {
  /** `customerImport.changed`: an import's whole view, each time it moves. */
  onChanged: (listener: (view: ImportView) => void) => Unsubscribe;
};

const NOT_HERE: Result<never> = {
  ok: false,
  error: {
    code: 'unavailable',
    message:
      'This CaseDesk cannot import customers: its main process has no import service. Update CaseDesk, then try again.',
  },
};

/** Every call refused, saying why: a preload built without the import has no such domain. */
const absent = new Proxy({} as ImportBridge, {
  get: (_target, name) =>
    name === 'onChanged' ? () => () => undefined : () => Promise.resolve(NOT_HERE),
});

/** The window's bridge (Electron's preload, or the browser host's transport), read when used. */
export function importBridge(): ImportBridge {
  return (api as unknown as { customerImport?: ImportBridge }).customerImport ?? absent;
}
