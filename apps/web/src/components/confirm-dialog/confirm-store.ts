// The generic confirmation dialog of spec §2 (title, description, action, cancel), as a promise.
import { create } from 'zustand';

export interface ConfirmOptions {
  title: string;
  description: string;
  /** Label of the confirming button. */
  action: string;
  /** Label of the cancelling button. */
  cancel: string;
}

interface Pending {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

interface ConfirmState {
  pending: Pending | null;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  settle: (confirmed: boolean) => void;
}

export const useConfirmStore = create<ConfirmState>()((set, get) => ({
  pending: null,
  confirm: (options) =>
    new Promise<boolean>((resolve) => {
      // A second question replaces the first; the first counts as cancelled.
      get().pending?.resolve(false);
      set({ pending: { options, resolve } });
    }),
  settle: (confirmed) => {
    const pending = get().pending;
    if (!pending) return;
    set({ pending: null });
    pending.resolve(confirmed);
  },
}));
