// The dataset's own pipe addresses matching a text, one row per distinct address (case-insensitively), with a
// point of its lowest-id pipe: the first coordinate, which is also what the web reverse-geocodes (spec 000 §7).
// Runs under withTenant.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AddressMatch {
  address: string;
  pipeId: number;
  lng: number;
  lat: number;
}

const MAX_WORDS = 8;

/**
 * The words of a search, lower case: '100, 8th Ave.' reads as '100' '8th' 'ave'. Each must occur in an address,
 * in any order and as part of a word ('8th' finds '100 8th Ave', 'Av' finds it too), so a house number, a
 * numbered street and a partial name all find their addresses (issue 38).
 */
export function searchWords(q: string): string[] {
  const words = q
    .toLowerCase()
    .split(/[\s,;]+/)
    .map((w) => w.replace(/\.+$/, ''))
    .filter((w) => w.length > 0);
  return words.length > 0 ? words.slice(0, MAX_WORDS) : [q.toLowerCase()];
}

/**
 * Addresses holding every word. Best first: the more words that start a word of the address ('8th' in
 * '100 8th Ave' before '100 18th St', '100' in '100 8th Ave' before '1100 8th Ave'), the text as typed, an address
 * that starts with it, then shorter addresses, then alphabetical.
 */
export async function searchAddresses(tx: Db, datasetId: number, q: string, limit: number) {
  const words = searchWords(q);
  const text = sql`lower(address)`;
  const contains = words.map((w) => sql`${text} LIKE ${`%${escapeLike(w)}%`}`);
  const wordStarts = words.map(
    (w): SQL => sql`(CASE WHEN ' ' || ${text} LIKE ${`% ${escapeLike(w)}%`} THEN 1 ELSE 0 END)`,
  );
  const phrase = `%${escapeLike(q.toLowerCase())}%`;
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  const r = await tx.execute(sql`
    SELECT address, id, ST_X(pt) AS lng, ST_Y(pt) AS lat FROM (
      SELECT DISTINCT ON (lower(address)) address, id, ST_StartPoint(ST_GeometryN(geom, 1)) AS pt
      FROM pipes
      WHERE dataset_id = ${datasetId} AND address IS NOT NULL AND ${sql.join(contains, sql` AND `)}
      ORDER BY lower(address), id
    ) s
    ORDER BY ${sql.join(wordStarts, sql` + `)} DESC, ${text} LIKE ${phrase} DESC, ${text} LIKE ${prefix} DESC,
      length(address), ${text}, id
    LIMIT ${limit}`);
  return r.rows.map((row): AddressMatch => ({
    address: String(row['address']),
    pipeId: Number(row['id']),
    lng: Number(row['lng']),
    lat: Number(row['lat']),
  }));
}
