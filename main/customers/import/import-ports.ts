import type {
  CustomerDraft,
  ImportFilePreview,
  ImportLine,
  ImportMapping,
  ImportView,
  RelationDraft,
} from '../../../preload/contract';

// The bulk import of customers as the bridge and the command line use it (main/customers/import/).

/** A file to read, found by main (the window only ever names a staged handle). */
export interface ImportFile {
  path: string;
  fileName: string;
}

export interface StartImport {
  file: ImportFile;
  relationsFile?: ImportFile;
  mapping?: ImportMapping;
  relationsMapping?: ImportMapping;
  /** Keep the mapping given for the next file with the same columns. */
  saveMapping: boolean;
  batchSize: number;
  disableRiskScan: boolean;
  /** Start the dry run at once. */
  verify: boolean;
}

export interface CustomerImports {
  preview(file: ImportFile, of: 'customers' | 'relations'): Promise<ImportFilePreview>;
  start(input: StartImport): Promise<ImportView>;
  list(): ImportView[];
  get(id: string): ImportView | null;
  lines(
    id: string,
    page: { onlyProblems: boolean; offset: number; limit: number },
  ): { total: number; lines: ImportLine[] };
  editLine(
    id: string,
    line: number,
    change: { customer?: CustomerDraft; relation?: RelationDraft },
  ): ImportLine;
  verify(id: string, all: boolean): ImportView;
  save(id: string): ImportView;
  pause(id: string): ImportView;
  cancel(id: string): ImportView;
  /** Writes the result file into `folder`; answers its path. */
  saveResult(id: string, folder: string): Promise<string>;
  /** Resolves when the verify or save under way (if any) has stopped. */
  settled(id: string): Promise<ImportView>;
  /** Resolves when the saved customers were read back into the cache (if that runs). */
  readBackSettled(id: string): Promise<void>;
  onChange(listener: (view: ImportView) => void): () => void;
  close(): Promise<void>;
}
