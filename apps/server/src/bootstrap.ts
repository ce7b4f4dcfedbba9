// Opens the database, applies migrations and seeds the demo on first start. Shared by server.ts and tests.
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { seedDemo } from './db/seed.ts';

export interface Prepared {
  database: Database;
  seeded: boolean;
  timings: { openMs: number; migrateMs: number; seedMs: number };
}

export async function prepareDatabase(config: Config): Promise<Prepared> {
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const t1 = performance.now();
  try {
    await database.migrate();
    const t2 = performance.now();
    const seeded = config.seedDemo ? await seedDemo(database.db, config.demoPassword) : false;
    const t3 = performance.now();
    return {
      database,
      seeded,
      timings: { openMs: Math.round(t1 - t0), migrateMs: Math.round(t2 - t1), seedMs: Math.round(t3 - t2) },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
