import { create } from 'zustand';
import type { PressDiff } from '../../../../preload/contract';

interface PressSession {
  /** What a generation just returned beside its report: the differences from the previous one. */
  diffs: Record<string, PressDiff>;
  remember: (reportId: string, diff: PressDiff) => void;
}

/** This window's memory of fresh generations (the kept report itself is in the local store). */
export const usePressSession = create<PressSession>((set) => ({
  diffs: {},
  remember: (reportId, diff) => set((state) => ({ diffs: { ...state.diffs, [reportId]: diff } })),
}));
