// The dataset's own pipe addresses matching a text, one row per distinct address (case-insensitively), with a
// point of its lowest-id pipe: the first coordinate, which is also what the web reverse-geocodes (spec 000 §7).
// Runs under withTenant.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AddressMatch {
  address: string;
  pipeId: number;
  lng: number;
  lat: number;
}

/** Prefix matches first, then shorter addresses, then alphabetical. */
export async function searchAddresses(tx: Db, datasetId: number, q: string, limit: number) {
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  const r = await tx.execute(sql`
    SELECT address, id, ST_X(pt) AS lng, ST_Y(pt) AS lat FROM (
      SELECT DISTINCT ON (lower(address)) address, id, ST_StartPoint(ST_GeometryN(geom, 1)) AS pt
      FROM pipes
      WHERE dataset_id = ${datasetId} AND address IS NOT NULL AND lower(address) LIKE ${pattern}
      ORDER BY lower(address), id
    ) s
    ORDER BY lower(address) LIKE ${prefix} DESC, length(address), lower(address), id
    LIMIT ${limit}`);
  return r.rows.map((row): AddressMatch => ({
    address: String(row['address']),
    pipeId: Number(row['id']),
    lng: Number(row['lng']),
    lat: Number(row['lat']),
  }));
}
