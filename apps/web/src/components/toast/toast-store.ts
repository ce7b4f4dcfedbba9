// The toast of spec §3 (show, color, text, timer, top, close, multiline, confirmTitle, handleConfirm).
// One toast at a time: a new one replaces the current, which is what the switching → switched
// sequence of spec §4 needs. The timer lives here (window.setTimeout) so it is testable with fake
// clocks and does not depend on the Snackbar being rendered.
import { TOAST_MS } from '@pipewise/domain';
import { create } from 'zustand';

export type ToastColor = 'success' | 'info' | 'warning' | 'error' | 'primary';

export interface ToastOptions {
  text: string;
  color: ToastColor;
  /** Milliseconds until it hides; use TOAST_MS (2, 3, 3.3 or 5 s, spec §9). Default TOAST_MS.normal. */
  timer?: number;
  /** Show at the top instead of the bottom. */
  top?: boolean;
  /** Show a close button. */
  close?: boolean;
  /** Allow long texts to wrap over several lines. */
  multiline?: boolean;
  /** Label of an action button; with handleConfirm. */
  confirmTitle?: string;
  handleConfirm?: () => void;
}

export interface ActiveToast extends ToastOptions {
  id: number;
  timer: number;
}

interface ToastState {
  toast: ActiveToast | null;
  show: (options: ToastOptions) => void;
  hide: (id?: number) => void;
}

let nextId = 1;
let hideTimer: number | undefined;

export const useToastStore = create<ToastState>()((set, get) => ({
  toast: null,
  show: (options) => {
    const toast: ActiveToast = { ...options, id: nextId++, timer: options.timer ?? TOAST_MS.normal };
    window.clearTimeout(hideTimer);
    set({ toast });
    if (toast.timer > 0) hideTimer = window.setTimeout(() => get().hide(toast.id), toast.timer);
  },
  hide: (id) => {
    const current = get().toast;
    if (!current || (id !== undefined && current.id !== id)) return;
    window.clearTimeout(hideTimer);
    set({ toast: null });
  },
}));

/** For code outside React (e.g. a mutation callback module). */
export const toast = {
  show: (options: ToastOptions) => useToastStore.getState().show(options),
  hide: () => useToastStore.getState().hide(),
};
