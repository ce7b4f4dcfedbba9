// The one geometry column type (ARCHITECTURE.md: Drizzle's built-in geometry() is points only). Values travel as
// GeoJSON text: writers wrap them in ST_GeomFromGeoJSON in SQL, readers select ST_AsGeoJSON. The column itself is
// never read through Drizzle's row mapping (it would come back as hex EWKB).
import { customType } from 'drizzle-orm/pg-core';

export const geometry = (name: string, type: string) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => `geometry(${type},4326)`,
  })(name);
