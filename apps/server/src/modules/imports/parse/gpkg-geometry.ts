// GeoPackage geometry blob → GeoJSON (OGC 12-128r18 §2.1.3: 'GP', version, flags, srs_id, envelope, then WKB).
import type { Geometry as GeoJsonGeometry } from 'geojson';
import wkx from 'wkx';

const ENVELOPE_BYTES = [0, 32, 48, 48, 64];

/** GeoJSON of a GPKG blob; null for an empty geometry; throws with the reason for a bad blob. */
export function decodeGpkgGeometry(blob: Uint8Array): GeoJsonGeometry | null {
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50)
    throw new Error('not a GeoPackage geometry (no GP magic)');
  const flags = blob[3]!;
  const envelope = ENVELOPE_BYTES[(flags >> 1) & 0x07];
  if (envelope === undefined) throw new Error('invalid envelope indicator');
  if ((flags & 0x10) !== 0) return null;
  const wkb = Buffer.from(blob.buffer, blob.byteOffset + 8 + envelope, blob.length - 8 - envelope);
  return wkx.Geometry.parse(wkb).toGeoJSON() as GeoJsonGeometry;
}
