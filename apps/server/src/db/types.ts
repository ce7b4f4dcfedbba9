// Column types shared by the schema.
import { customType } from 'drizzle-orm/pg-core';

/**
 * PostGIS geometry of any type (Drizzle's built-in `geometry()` is points only, ARCHITECTURE.md).
 * Values travel as EWKT/hex EWKB strings; spatial queries use raw `sql` with ST_* functions.
 */
export const geometry = customType<{
  data: string;
  driverData: string;
  config: { type?: string; srid?: number };
}>({
  dataType(config) {
    const type = config?.type ?? 'Geometry';
    return `geometry(${type},${config?.srid ?? 4326})`;
  },
});
