// A fixed number of slots shared fairly between clients (issue 37): a client already holding a slot takes another
// only while one more stays free for others and it holds under half of them, so a client with nothing running
// always finds a slot unless as many other clients as there are slots run at once. Waiting work starts in arrival
// order among the clients allowed. Work-conserving enough for one client: it still gets half the slots (less one
// when there are two). Written here because a semaphore library (p-limit, async-sema) has no per-owner bound.
import type { Tenant } from './tenant-context.ts';

export class FairSlots {
  private busy = 0;
  private readonly held = new Map<Tenant, number>();
  private readonly queued: { tenant: Tenant; start: () => void }[] = [];

  constructor(private limit: number) {}

  /** Resolves once `tenant` holds a slot; give it back with `release(tenant)`. */
  acquire(tenant: Tenant): Promise<void> {
    if (this.mayTake(tenant)) {
      this.take(tenant);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queued.push({ tenant, start: resolve }));
  }

  release(tenant: Tenant): void {
    this.busy -= 1;
    const mine = (this.held.get(tenant) ?? 1) - 1;
    if (mine > 0) this.held.set(tenant, mine);
    else this.held.delete(tenant);
    this.startWaiting();
  }

  /** A raised limit lets waiting work start at once; answers the limit before. */
  setLimit(n: number): number {
    const before = this.limit;
    this.limit = n;
    this.startWaiting();
    return before;
  }

  get waiting(): number {
    return this.queued.length;
  }

  holding(tenant: Tenant): number {
    return this.held.get(tenant) ?? 0;
  }

  private mayTake(tenant: Tenant): boolean {
    if (this.busy >= this.limit) return false;
    const mine = this.holding(tenant);
    return mine === 0 || (this.busy + 1 < this.limit && mine < Math.ceil(this.limit / 2));
  }

  private take(tenant: Tenant): void {
    this.busy += 1;
    this.held.set(tenant, this.holding(tenant) + 1);
  }

  private startWaiting(): void {
    for (let i = 0; i < this.queued.length;) {
      const next = this.queued[i]!;
      if (!this.mayTake(next.tenant)) {
        i += 1;
        continue;
      }
      this.queued.splice(i, 1);
      this.take(next.tenant);
      next.start();
    }
  }
}
