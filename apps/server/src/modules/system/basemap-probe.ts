// Issue 15 "a basemap by default": the public default style of a theme the operator left unset is offered to the
// browsers only while this server can fetch it. Offline (a closed network, no internet) the map keeps its plain
// background instead of an empty canvas, a console full of errors and a style that never loads. The server's
// reach stands in for the browsers': on a closed network neither reaches the internet. Where only the browsers do
// (a proxy), the operator sets BASEMAP_STYLE_* to the URL, which is never probed.
import type { PublicConfig } from '@pipewise/domain';
import { BASEMAP_THEMES, type BasemapConfig } from '../../config.ts';

export type PublicBasemap = PublicConfig['basemap'];

export interface BasemapProbeOptions {
  /** Injected by tests (this machine and CI have no internet); the global fetch otherwise. */
  fetch?: typeof fetch;
  /** How long one style may take to answer: a closed network often drops packets rather than refusing. */
  timeoutMs?: number;
  /** How old an answer may be before a request checks again, in the background, so a network change shows. */
  recheckMs?: number;
  now?: () => number;
}

const TIMEOUT_MS = 3_000;
const RECHECK_MS = 10 * 60_000;

export class BasemapProbe {
  private readonly reachable = new Map<string, boolean>();
  private checkedAt: number | null = null;
  private running: Promise<void> | null = null;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(
    private readonly config: BasemapConfig,
    opts: BasemapProbeOptions = {},
  ) {
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
    this.recheckMs = opts.recheckMs ?? RECHECK_MS;
    this.now = opts.now ?? Date.now;
  }

  /** The first check, started at boot without waiting for it. */
  start(): void {
    void this.check();
  }

  /**
   * The basemap of GET /api/config. Before the first check has answered, waits for it (at most the timeout, so
   * only the first seconds after a start); later answers at once from the last check and starts a new one in the
   * background when that is older than the recheck interval.
   */
  async basemap(): Promise<PublicBasemap> {
    if (this.checkedAt === null) await this.check();
    else if (this.now() - this.checkedAt >= this.recheckMs) void this.check();
    const { defaults, ...explicit } = this.config;
    const styles = Object.fromEntries(
      BASEMAP_THEMES.map((theme) => {
        const fallback = defaults[theme];
        const url = explicit[theme] ?? (fallback && this.reachable.get(fallback) ? fallback : null);
        return [theme, url];
      }),
    ) as Pick<PublicBasemap, 'light' | 'dark' | 'terrain'>;
    return { ...styles, demo: explicit.demo, token: explicit.token };
  }

  private check(): Promise<void> {
    this.running ??= this.probeAll().finally(() => {
      this.checkedAt = this.now();
      this.running = null;
    });
    return this.running;
  }

  private async probeAll(): Promise<void> {
    const urls = [...new Set(Object.values(this.config.defaults))];
    const answers = await Promise.all(urls.map((url) => this.probe(url)));
    urls.forEach((url, i) => this.reachable.set(url, answers[i]!));
  }

  /** Reachable = answers a MapLibre style (version 8), not merely anything: a captive portal answers 200 too. */
  private async probe(url: string): Promise<boolean> {
    try {
      const res = await this.fetch(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!res.ok) {
        await res.body?.cancel();
        return false;
      }
      const style = (await res.json()) as { version?: unknown } | null;
      return style?.version === 8;
    } catch {
      return false;
    }
  }
}
