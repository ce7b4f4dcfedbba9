// A zip bomb for the malformed-file corpus (issue 18: a 2 MB zip of zero-filled entries froze every tenant).
import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip of `entries` × `mb` MiB of zeros, each entry the same deflated stream (compressed once: fflate would
 * deflate every copy again, seconds each at full size). The sizes are honest, so a server that checks them can
 * refuse the file from its central directory.
 */
export function zipBomb(entries, mb, ext) {
  const zero = Buffer.alloc(mb * 2 ** 20);
  const data = deflateRawSync(zero, { level: 9 });
  const crc = crc32(zero);
  const locals = [];
  const central = [];
  let offset = 0;
  for (let i = 0; i < entries; i++) {
    const name = Buffer.from(`part${i}.${ext}`);
    const head = (sig, extra) => {
      const h = Buffer.alloc(extra);
      h.writeUInt32LE(sig, 0);
      return h;
    };
    const local = head(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(zero.length, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = head(0x02014b50, 46);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(zero.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(dir, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
