// `const confirm = useConfirm(); if (await confirm({ title, description, action, cancel })) ...`
import { useConfirmStore } from './confirm-store.ts';
import type { ConfirmOptions } from './confirm-store.ts';

export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  return useConfirmStore((s) => s.confirm);
}

export type { ConfirmOptions } from './confirm-store.ts';
export { ConfirmDialogHost } from './ConfirmDialogHost.tsx';
