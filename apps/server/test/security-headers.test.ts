// Issue 18: the web app's pages and the API answer with security headers, since the session's tokens sit in
// localStorage: a CSP that still lets the map load (its worker, blobs, the basemap hosts, the tile mirrors), no
// framing, no MIME sniffing, and a referrer policy that keeps a reset link's secret at home.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { forEachBackend } from './helpers/harness.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'pw-web-csp-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Pipewise</title>');

const directives = (csp: string | undefined) =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

forEachBackend(
  'security headers',
  (h) => {
    it('the web app and the API carry CSP, frame, sniffing and referrer headers', async () => {
      for (const url of ['/user/reset?id=secret', '/api/health', '/api/user/info']) {
        const res = await h.request({ url });
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
        const csp = directives(res.headers['content-security-policy'] as string);
        expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(csp.get('script-src'), url).toEqual(["'self'"]);
        expect(csp.get('object-src'), url).toEqual(["'none'"]);
      }
    });

    it('the CSP lets the map load: worker and blobs, basemap style hosts, tile mirrors — and nothing else', async () => {
      const res = await h.request({ url: '/map' });
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
      const mapHosts = [
        'https://maps.example.com',
        'https://tiles-a.example.net',
        'https://tiles.openfreemap.org',
      ];
      expect(csp.get('connect-src')).toEqual(["'self'", 'data:', 'blob:', ...mapHosts]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...mapHosts]);
      // Plain HTTP install: no upgrade of the page's own requests, no HSTS.
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  },
  {
    env: {
      WEB_DIST: dist,
      BASEMAP_STYLE_DARK: 'https://maps.example.com/styles/dark.json?key={token}',
      TILE_MIRRORS: 'https://tiles-a.example.net',
    },
  },
);
