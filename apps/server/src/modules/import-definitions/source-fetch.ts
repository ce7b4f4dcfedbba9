// Fetches a definition's URL source into DATA_DIR/uploads/<id>, where the wizard's uploads live, so a run reads it
// with the same parsers. Three shapes: a file as served (GeoJSON, GeoPackage, zipped Shapefile); an OGC API –
// Features items URL, paged through its `next` links; an ArcGIS REST FeatureServer query, paged by resultOffset.
// The two paged services are written out as one GeoJSON FeatureCollection, a page at a time.
//
// Where the server may go (SSRF): private and loopback addresses are ALLOWED on purpose — the utility's GIS of record
// usually sits on its own LAN, which is the point of the feature — but only http and https (no file:, ftp:, data:,
// gopher:, also after redirects), every response is bounded in size (the wizard's 1 GB upload limit) and the whole
// fetch in time, and only an administrator (importData) can name a URL. A deployment that must keep the server off
// its LAN does so at its firewall, which sees the real addresses; a check here could not see DNS rebinding anyway.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportSource } from '@pipewise/domain';
import { PRIVATE_FILE_MODE, privateDir } from '../../lib/private-files.ts';
import { uploadPath } from '../imports/upload-files.ts';

type UrlSource = Extract<ImportSource, { type: 'url' }>;

export interface FetchLimits {
  /** Bytes of the file written (and of each response): the wizard's upload limit. */
  maxBytes: number;
  /** The whole fetch, every page included. */
  timeoutMs: number;
  /** Pages of a paged service; a `next` link that never ends stops here. */
  maxPages: number;
}

export const FETCH_LIMITS: FetchLimits = { maxBytes: 1024 ** 3, timeoutMs: 10 * 60_000, maxPages: 10_000 };

/** A source that could not be read: the message names the URL's answer, for the run's record and the mail. */
export class SourceError extends Error {}

export interface Fetched {
  id: string;
  size: number;
  fileName: string;
}

const EXTENSION_OF_TYPE: Record<string, string> = {
  'application/geo+json': 'geojson',
  'application/json': 'geojson',
  'application/geopackage+sqlite3': 'gpkg',
  'application/x-sqlite3': 'gpkg',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
};

/** Only http(s), checked again on the final URL after redirects. */
function assertHttp(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new SourceError(`only http and https sources are read, not ${parsed.protocol}`);
  return parsed;
}

/** The address without its query, which may hold the GIS's own access key. */
const shown = (url: string) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};

async function get(url: string, signal: AbortSignal, accept: string): Promise<Response> {
  assertHttp(url);
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: 'follow', headers: { accept } });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (signal.aborted) throw new SourceError(`${shown(url)} did not answer in time`);
    throw new SourceError(
      `${shown(url)} could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    );
  }
  assertHttp(res.url || url);
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new SourceError(`${shown(url)} answered ${res.status} ${res.statusText}`.trim());
  }
  return res;
}

/** Counts bytes through the pipe and stops past `max`. */
function byteLimit(max: number, url: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new SourceError(`${shown(url)} sent more than ${max} bytes`));
      else done(null, chunk);
    },
  });
}

async function readJson(res: Response, url: string, limits: FetchLimits): Promise<unknown> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > limits.maxBytes)
    throw new SourceError(`${shown(url)} sends ${declared} bytes, more than allowed`);
  const text = await res.text();
  if (text.length > limits.maxBytes)
    throw new SourceError(`${shown(url)} sent more than ${limits.maxBytes} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new SourceError(`${shown(url)} did not answer JSON`);
  }
}

function fileNameOf(res: Response, url: string, fallback: string): string {
  const disposition = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(
    res.headers.get('content-disposition') ?? '',
  );
  const fromUrl = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  const name = disposition?.[1] ?? fromUrl;
  if (/\.(geojson|json|gpkg|zip)$/i.test(name)) return path.basename(name);
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return `${fallback}.${EXTENSION_OF_TYPE[type] ?? 'geojson'}`;
}

/** Downloads `source` as a new upload file; its name gives the format (and a GeoJSON's layer name). */
export async function fetchSource(
  dataDir: string,
  source: UrlSource,
  fallbackName: string,
  limits: FetchLimits = FETCH_LIMITS,
): Promise<Fetched> {
  const id = randomUUID();
  const file = uploadPath(dataDir, id);
  await privateDir(path.dirname(file));
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    if (source.format === 'file') {
      const res = await get(source.url, signal, '*/*');
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > limits.maxBytes)
        throw new SourceError(`${shown(source.url)} sends ${declared} bytes, more than allowed`);
      if (!res.body) throw new SourceError(`${shown(source.url)} answered no body`);
      const out = createWriteStream(file, { mode: PRIVATE_FILE_MODE });
      await pipeline(Readable.fromWeb(res.body as never), byteLimit(limits.maxBytes, source.url), out);
      return { id, size: out.bytesWritten, fileName: fileNameOf(res, source.url, fallbackName) };
    }
    const pages =
      source.format === 'ogc-features'
        ? ogcPages(source.url, signal, limits)
        : arcgisPages(source.url, signal, limits);
    const size = await writeCollection(file, pages, limits.maxBytes);
    return { id, size, fileName: `${fallbackName}.geojson` };
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof SourceError) throw error;
    if (signal.aborted) throw new SourceError(`${shown(source.url)} did not answer in time`);
    throw error;
  }
}

/** Writes the pages' features as one FeatureCollection; returns its size. */
async function writeCollection(
  file: string,
  pages: AsyncIterable<unknown[]>,
  maxBytes: number,
): Promise<number> {
  const out = createWriteStream(file, { mode: PRIVATE_FILE_MODE });
  let size = 0;
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      size += Buffer.byteLength(text);
      if (size > maxBytes) return reject(new SourceError(`the service sent more than ${maxBytes} bytes`));
      out.write(text, (error) => (error ? reject(error) : resolve()));
    });
  try {
    await write('{"type":"FeatureCollection","features":[');
    let first = true;
    for await (const features of pages) {
      for (const feature of features) {
        await write((first ? '' : ',\n') + JSON.stringify(feature));
        first = false;
      }
    }
    await write(']}\n');
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
  return size;
}

function featuresOf(body: unknown, url: string): unknown[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) {
    const error = (body as { error?: { message?: string } } | null)?.error;
    throw new SourceError(
      error?.message
        ? `${shown(url)} answered an error: ${error.message}`
        : `${shown(url)} answered no GeoJSON features`,
    );
  }
  return features;
}

/** OGC API – Features (Part 1 Core): follow `links[rel=next]` until there is none. */
async function* ogcPages(url: string, signal: AbortSignal, limits: FetchLimits): AsyncGenerator<unknown[]> {
  let next: string | null = url;
  for (let page = 0; next; page++) {
    if (page >= limits.maxPages)
      throw new SourceError(`${shown(url)} has more than ${limits.maxPages} pages`);
    const res = await get(next, signal, 'application/geo+json, application/json');
    const body = await readJson(res, next, limits);
    yield featuresOf(body, next);
    const links = (body as { links?: { rel?: string; href?: string }[] }).links ?? [];
    const href = links.find((l) => l.rel === 'next')?.href;
    next = href ? new URL(href, next).toString() : null;
  }
}

/**
 * ArcGIS REST FeatureServer query: GeoJSON (`f=geojson`) in WGS 84, every field unless the URL chose, paged with
 * resultOffset while the server says it exceeded its transfer limit.
 */
async function* arcgisPages(
  url: string,
  signal: AbortSignal,
  limits: FetchLimits,
): AsyncGenerator<unknown[]> {
  const base = new URL(url);
  if (!/\/query$/i.test(base.pathname)) base.pathname = `${base.pathname.replace(/\/$/, '')}/query`;
  base.searchParams.set('f', 'geojson');
  if (!base.searchParams.has('where')) base.searchParams.set('where', '1=1');
  if (!base.searchParams.has('outFields')) base.searchParams.set('outFields', '*');
  if (!base.searchParams.has('outSR')) base.searchParams.set('outSR', '4326');
  let offset = Number(base.searchParams.get('resultOffset') ?? 0);
  for (let page = 0; ; page++) {
    if (page >= limits.maxPages)
      throw new SourceError(`${shown(url)} has more than ${limits.maxPages} pages`);
    base.searchParams.set('resultOffset', String(offset));
    const res = await get(base.toString(), signal, 'application/geo+json, application/json');
    const body = (await readJson(res, url, limits)) as {
      exceededTransferLimit?: boolean;
      properties?: { exceededTransferLimit?: boolean };
    };
    const features = featuresOf(body, url);
    yield features;
    const more = body.exceededTransferLimit ?? body.properties?.exceededTransferLimit ?? false;
    if (!more || features.length === 0) return;
    offset += features.length;
  }
}
