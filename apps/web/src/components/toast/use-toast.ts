import { useToastStore } from './toast-store.ts';
import type { ToastOptions } from './toast-store.ts';

/** `const { show } = useToast(); show({ text: t('...'), color: 'success', timer: TOAST_MS.normal })`. */
export function useToast(): { show: (options: ToastOptions) => void; hide: () => void } {
  const show = useToastStore((s) => s.show);
  const hideById = useToastStore((s) => s.hide);
  return { show, hide: () => hideById() };
}
