// What is wrong with a .dbf, in words that name it (issue 18: dBASE defects were reported against the .shp, where
// users looked in vain). The header is checked before any record is read: the `shapefile` package reads past a
// missing terminator or an unknown field type with a bare RangeError or TypeError. dBASE III+ file structure:
// 32-byte header, 32-byte field descriptors ended by 0x0D, then fixed-length records.

/** Field types the `shapefile` package decodes (its dbf/read.js); binary Visual FoxPro types are not among them. */
const KNOWN_TYPES = 'BCDFLMN';

export function dbfProblem(dbf: Uint8Array): string | null {
  if (dbf.length < 32) return `is ${dbf.length} bytes, too short for a dBASE header (truncated file?)`;
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const count = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (headerLength > dbf.length)
    return `has a header of ${headerLength} bytes but the file holds ${dbf.length} (truncated file?)`;
  let fields = 1; // the deletion flag
  let at = 32;
  for (; at < headerLength && dbf[at] !== 0x0d; at += 32) {
    if (at + 32 > headerLength) break;
    const raw = dbf.subarray(at, at + 11);
    const name = new TextDecoder('latin1').decode(raw.subarray(0, raw.indexOf(0) < 0 ? 11 : raw.indexOf(0)));
    const type = String.fromCharCode(dbf[at + 11]!);
    if (!KNOWN_TYPES.includes(type))
      return `has field '${name}' of type '${type}', which cannot be read (dBASE types ${[...KNOWN_TYPES].join(', ')}); save the table as dBASE III or IV`;
    fields += dbf[at + 16]!;
  }
  if (at >= headerLength || dbf[at] !== 0x0d)
    return 'has no end of its field list (byte 0x0D) in the header (corrupted header)';
  if (fields > recordLength)
    return `has fields of ${fields} bytes in records of ${recordLength} (corrupted header)`;
  const whole = recordLength === 0 ? 0 : Math.floor((dbf.length - headerLength) / recordLength);
  if (whole < count)
    return `holds ${whole} complete records of the ${count} its header announces (truncated file?)`;
  return null;
}
