// Login throttling by FAILED attempts per IP + e-mail (docs/api-accounts.md: 10 per 15 min).
// Counting only failures is the point: someone who logs in from several tabs or devices is never
// locked out, while guessing stops after `max` misses; a success clears the count. In memory per
// process, like the other limits (lib/rate-limits.ts).
export class LoginThrottle {
  private readonly misses = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until this key may try again; 0 when it may try now. */
  blockedFor(key: string): number {
    const entry = this.misses.get(key);
    const now = this.now();
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.max ? entry.resetAt - now : 0;
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.misses.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.misses.size > 50_000) this.prune(now);
      this.misses.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
  }

  succeed(key: string): void {
    this.misses.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.misses) if (entry.resetAt <= now) this.misses.delete(key);
  }
}
