// Progress of running imports, in memory. The import writes in one transaction; on PGlite (one connection) nothing
// outside it can read the row meanwhile, so GET /api/imports/:id answers a running import from here first.
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
