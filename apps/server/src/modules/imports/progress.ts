// Progress of running imports, in memory: the row's progress is written at most once a second and only on
// PostgreSQL (import.job.ts), so GET /api/imports/:id answers a running import of this process from here first.
import type { ImportItem } from '@pipewise/domain';

interface Running {
  clientId: number;
  item: ImportItem;
}

const running = new Map<number, Running>();

export const progressOf = (id: number, clientId: number): ImportItem | undefined => {
  const r = running.get(id);
  return r && r.clientId === clientId ? r.item : undefined;
};

export function startProgress(clientId: number, item: ImportItem): void {
  running.set(item.id, { clientId, item: { ...item, status: 'running', progress: 0 } });
}

export function setProgress(id: number, progress: number): void {
  const r = running.get(id);
  if (r) r.item = { ...r.item, progress };
}

export const endProgress = (id: number) => running.delete(id);
