// Environment, validated once at boot (STYLE.md: env is validated at boot).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();
/** A basemap style URL, or `none` for the plain background where a public default would otherwise apply. */
const styleSetting = z.union([z.literal('none'), z.url()]).optional();
/** An http(s) origin: scheme, host and port, nothing after (the web appends /api/tiles/…). */
const httpOrigin = z
  .string()
  .regex(/^https?:\/\/[^/\s?#]+\/?$/, 'must be http(s) origins without a path, e.g. https://t1.example.com');
// LAYER-21: spec 000 §7 spreads tile requests over three mirrors; more would only open more connections.
const MAX_TILE_MIRRORS = 3;

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Pipewise <no-reply@pipewise.local>'),
  CONTACT_EMAIL: z.email().default('contact@pipewise.local'),
  PUBLIC_URL: z.url().optional(),
  DEMO_PASSWORD: z.string().min(8).default('Pipewise-demo-1'),
  SEED_DEMO: boolFromEnv.default(true),
  // The generator's smallest town is one superblock (100 pipes).
  DEMO_CITY_PIPES: z.coerce
    .number()
    .int()
    .max(500_000)
    .refine((n) => n === 0 || n >= 100, 'must be 0 (no demo town) or at least 100')
    .default(20_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: the public keyless default of DEFAULT_BASEMAP_STYLES, while the server can reach it; `none`: the plain
  // background; a URL: that style, as the operator set it (not probed: the browsers may reach what the server cannot).
  BASEMAP_STYLE_LIGHT: styleSetting,
  BASEMAP_STYLE_DARK: styleSetting,
  BASEMAP_STYLE_TERRAIN: styleSetting,
  // LAYER-17: spec 000 §1 "demo mode uses different map themes".
  BASEMAP_DEMO_STYLE_LIGHT: optionalUrl,
  BASEMAP_DEMO_STYLE_DARK: optionalUrl,
  BASEMAP_DEMO_STYLE_TERRAIN: optionalUrl,
  // LAYER-35: a public token of the maps service, substituted for {token} in the style URLs by the web. It is sent
  // to every browser, so it must be a public (URL-restricted) token, never a secret one.
  BASEMAP_TOKEN: z.string().trim().min(1).optional(),
  TILE_MIRRORS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(
      z
        .array(httpOrigin.transform((o) => o.replace(/\/$/, '')))
        .max(MAX_TILE_MIRRORS, `at most ${MAX_TILE_MIRRORS} mirrors`),
    )
    .optional(),
  WEB_DIST: z.string().optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  TRUST_PROXY: boolFromEnv.default(false),
  // Issue 37: without SMTP_URL mail goes to the staff outbox (sign-in codes, reset links of every tenant). A
  // production server with clients beyond the demo refuses to start that way unless this says it is meant.
  ALLOW_OUTBOX: boolFromEnv.default(false),
  // Address search beyond the dataset's own pipe addresses: a URL template whose {query} is replaced by the
  // URL-encoded text, answering a Mapbox-geocoding-like {features: [{place_name, geometry: {coordinates}}]}.
  GEOCODER_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
    .refine((v) => v.includes('{query}'), 'must contain {query}')
    .optional(),
  // DET-PIPE-10: the address of a pipe the import gave none, by reverse geocoding its first coordinate in the
  // user's language. A URL template with {lng}, {lat} and optionally {language}, answering like GEOCODER_URL.
  REVERSE_GEOCODER_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
    .refine((v) => v.includes('{lng}') && v.includes('{lat}'), 'must contain {lng} and {lat}')
    .optional(),
});

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  /** True when the secret was generated on this boot (logged by server.ts). */
  jwtSecretGenerated: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  publicUrl: string;
  demoPassword: string;
  seedDemo: boolean;
  /** Size of the synthetic demo town seeded for the US demo client on first start; 0 = none. */
  demoCityPipes: number;
  logLevel: string;
  basemap: BasemapConfig;
  /** LAYER-21: origins that serve the same /api/tiles/… (at most three); empty = the page's own origin. */
  tileMirrors: string[];
  webDist: string | undefined;
  role: 'all' | 'api' | 'worker';
  /** Only behind a reverse proxy: otherwise a client could fake X-Forwarded-For to dodge the login limit. */
  trustProxy: boolean;
  /** Start in production with tenants and no SMTP_URL (mail kept in the outbox): evaluation only. */
  allowOutbox: boolean;
  /** External geocoder URL template with {query}; null = the dataset's own addresses only. */
  geocoderUrl: string | null;
  reverseGeocoderUrl: string | null;
}

export interface BasemapStyles {
  light: string | null;
  dark: string | null;
  terrain: string | null;
}

export type BasemapTheme = keyof BasemapStyles;
export const BASEMAP_THEMES: readonly BasemapTheme[] = ['light', 'dark', 'terrain'];

/**
 * Issue 15 "a basemap by default": public, keyless vector styles (OpenFreeMap: OpenMapTiles schema, OSM data, no
 * account or quota) for a theme the operator left unset. Positron and Dark are the quiet styles made to carry data
 * on top; Liberty, with its land cover, parks and relief shading, is the closest to a terrain map.
 */
export const DEFAULT_BASEMAP_STYLES: Readonly<BasemapStyles> = {
  light: 'https://tiles.openfreemap.org/styles/positron',
  dark: 'https://tiles.openfreemap.org/styles/dark',
  terrain: 'https://tiles.openfreemap.org/styles/liberty',
};

/** Style URLs per theme (null = plain background), those for demo users, and the maps service's public token. */
export interface BasemapConfig extends BasemapStyles {
  demo: BasemapStyles;
  token: string | null;
  /**
   * The public default of each theme the environment left unset, in place of its null above only while the server
   * can reach it (modules/system/basemap-probe.ts); a theme set to a URL or to `none` has none.
   */
  defaults: Partial<Record<BasemapTheme, string>>;
}

function basemapConfig(e: z.infer<typeof envSchema>): BasemapConfig {
  const set = { light: e.BASEMAP_STYLE_LIGHT, dark: e.BASEMAP_STYLE_DARK, terrain: e.BASEMAP_STYLE_TERRAIN };
  const explicit = (theme: BasemapTheme) => (set[theme] === 'none' ? null : (set[theme] ?? null));
  return {
    light: explicit('light'),
    dark: explicit('dark'),
    terrain: explicit('terrain'),
    demo: {
      light: e.BASEMAP_DEMO_STYLE_LIGHT ?? null,
      dark: e.BASEMAP_DEMO_STYLE_DARK ?? null,
      terrain: e.BASEMAP_DEMO_STYLE_TERRAIN ?? null,
    },
    token: e.BASEMAP_TOKEN ?? null,
    defaults: Object.fromEntries(
      BASEMAP_THEMES.filter((theme) => set[theme] === undefined).map((t) => [t, DEFAULT_BASEMAP_STYLES[t]]),
    ),
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Created private (issue 18); an existing DATA_DIR is the operator's to set.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = e.JWT_SECRET ? { value: e.JWT_SECRET, generated: false } : readOrCreateSecret(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: secret.value,
    jwtSecretGenerated: secret.generated,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    demoCityPipes: e.DEMO_CITY_PIPES,
    logLevel: e.LOG_LEVEL,
    basemap: basemapConfig(e),
    tileMirrors: e.TILE_MIRRORS ?? [],
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    role: e.ROLE,
    trustProxy: e.TRUST_PROXY,
    allowOutbox: e.ALLOW_OUTBOX,
    geocoderUrl: e.GEOCODER_URL ?? null,
    reverseGeocoderUrl: e.REVERSE_GEOCODER_URL ?? null,
  };
}

/** A stable secret survives restarts so tokens stay valid; mode 0600 because it signs sessions. */
function readOrCreateSecret(dataDir: string): { value: string; generated: boolean } {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return { value: readFileSync(file, 'utf8').trim(), generated: false };
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return { value, generated: true };
}
