// Opens the database, applies migrations and seeds the demo on first start. Shared by server.ts and tests.
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { seedDemoCity } from './db/seed-city.ts';
import { seedDemo } from './db/seed.ts';

export interface Prepared {
  database: Database;
  seeded: boolean;
  /** Pipes of the demo town written on this start (0 when it already existed or is disabled). */
  demoCityPipes: number;
  timings: { openMs: number; migrateMs: number; seedMs: number; cityGenerateMs: number; cityWriteMs: number };
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
    // Separate from seedDemo: a database seeded before the town existed still gets one, once.
    const city = config.seedDemo
      ? await seedDemoCity(database.db, { pipes: config.demoCityPipes })
      : { pipes: 0, generateMs: 0, writeMs: 0 };
    return {
      database,
      seeded,
      demoCityPipes: city.pipes,
      timings: {
        openMs: Math.round(t1 - t0),
        migrateMs: Math.round(t2 - t1),
        seedMs: Math.round(t3 - t2),
        cityGenerateMs: city.generateMs,
        cityWriteMs: city.writeMs,
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
