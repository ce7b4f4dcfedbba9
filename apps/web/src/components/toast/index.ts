// Toasts of spec §3/§8. Durations: TOAST_MS from '@pipewise/domain'.
export { useToast } from './use-toast.ts';
export { toast, useToastStore } from './toast-store.ts';
export type { ToastOptions, ToastColor } from './toast-store.ts';
export { ToastHost } from './ToastHost.tsx';
