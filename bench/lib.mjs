import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';

/** Writes a benchmark result with the machine it ran on. */
export function writeResult(name, result) {
  const dir = resolve(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const body = {
    name,
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memory_gib: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    ...result,
  };
  writeFileSync(resolve(dir, `${name}.json`), JSON.stringify(body, null, 2) + '\n');
  console.log(JSON.stringify(body, null, 2));
}

/** One statement on the PostgreSQL server itself (CREATE / DROP DATABASE of a bench), on a connection of its own. */
export async function adminQuery(adminUrl, query) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}
