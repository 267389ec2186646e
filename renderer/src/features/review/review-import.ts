import { create } from 'zustand';
import type { ReviewImportView } from '../../../../preload/contract';
import { api, errorMessage, unwrap } from '../../lib/api';
import { LocalFileError, toLocalFile } from '../../lib/local-files';

// A review file chosen by the investigator goes to main by its handle (never read here); main
// tells a request from an answer by its format, checks it and keeps it.

export const REVIEW_FILE_ENDINGS = ['.json'] as const;

export async function importReviewFile(file: File): Promise<ReviewImportView> {
  const handle = await toLocalFile(file);
  return unwrap(api.review.importFile({ file: handle }));
}

export const importErrorText = (error: unknown): string =>
  error instanceof LocalFileError ? error.message : errorMessage(error);

/**
 * A request just imported: its section takes the focus once it is shown (on this alert's screen
 * or on the alert it is about), so a keyboard user lands where the review is made.
 */
export const useReviewFocus = create<{
  requestDigest: string | null;
  focus: (requestDigest: string | null) => void;
}>((set) => ({
  requestDigest: null,
  focus: (requestDigest) => set({ requestDigest }),
}));
