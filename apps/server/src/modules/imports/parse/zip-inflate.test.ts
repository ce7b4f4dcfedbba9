// The inflated size of a zip is bounded per entry, in total and by ratio, from what entries declare and from the
// bytes they actually inflate to; an ordinary zip inflates as before.
import { deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inflateEntries, ZIP_LIMITS, type ZipLimits } from './zip-inflate.ts';

const MiB = 1024 * 1024;
const all = () => true;

/** A one-entry zip by hand, so its header can declare any inflated size. */
function oneEntry(name: string, inflated: Uint8Array, declared: number): Uint8Array {
  const data = deflateRawSync(inflated);
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(30 + n.length + data.length, 16);
  return new Uint8Array(Buffer.concat([local, n, data, central, n, end]));
}

describe('zip inflation', () => {
  it('inflates the wanted entries of an ordinary zip, the others left compressed', () => {
    const text = new TextEncoder().encode('GEOGCS["WGS 84"]');
    const entries = inflateEntries('a.zip', zipSync({ 'a.prj': text, 'a.xml': text }), (n) =>
      n.endsWith('.prj'),
    );
    expect([...entries.keys()]).toEqual(['a.prj']);
    expect(entries.get('a.prj')).toEqual(text);
  });

  it('refuses an entry whose declared size is too large or too compressed, before inflating it', () => {
    const small: ZipLimits = { ...ZIP_LIMITS, entryBytes: MiB, ratioFloorBytes: 64 * 1024 };
    const zeros = new Uint8Array(1024);
    expect(() => inflateEntries('big.zip', oneEntry('x.shp', zeros, 2 * MiB), all, small)).toThrow(
      /^big\.zip\/x\.shp: inflates to more than 1 MB, the most one file in a zip may hold/,
    );
    expect(() => inflateEntries('bomb.zip', oneEntry('x.dbf', zeros, 512 * 1024), all, small)).toThrow(
      /^bomb\.zip\/x\.dbf: inflates to more than 100 times its compressed size/,
    );
  });

  it('counts the bytes actually inflated when the header lies', () => {
    const small: ZipLimits = { ...ZIP_LIMITS, ratioFloorBytes: MiB, totalBytes: 3 * MiB };
    const zeros = new Uint8Array(8 * MiB);
    expect(() => inflateEntries('liar.zip', oneEntry('x.shp', zeros, 10), all, small)).toThrow(
      /^liar\.zip\/x\.shp: inflates to more than 100 times its compressed size/,
    );
    const noise = new Uint8Array(4 * MiB).map((_, i) => Math.imul(i, 2654435761) >>> 24);
    expect(() => inflateEntries('sum.zip', oneEntry('x.shp', noise, 10), all, small)).toThrow(
      /^sum\.zip: its shapefile parts inflate to more than 3 MB in total/,
    );
  });
});
