// The process: config → database → API and/or worker → graceful shutdown (STYLE.md).
// ROLE=api|worker splits them for scaling out; the default runs both in one process.
import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';
import { loggerOptions } from './lib/log-options.ts';
import { assertMailForTenants } from './mail/outbox-guard.ts';
import { startWorker, type Worker } from './worker.ts';

const started = performance.now();
// Everything the server writes — the embedded database's files, uploads, the outbox, exports — is readable by its
// own account only (issue 18; lib/private-files.ts sets the modes explicitly where our code creates files).
process.umask(0o077);

async function main() {
  const config = loadConfig();
  const { database, seeded, timings } = await prepareDatabase(config);
  await assertMailForTenants(config, database.db);
  const { app, deps } = await buildApp({
    config,
    database,
    logger: loggerOptions(config.logLevel, config.env),
  });
  const log = app.log;
  if (config.jwtSecretGenerated)
    log.info({ file: `${config.dataDir}/jwt-secret` }, 'generated a new JWT secret');
  log.info({ ...timings, seeded, database: database.description }, 'database ready');

  let worker: Worker | undefined;
  if (config.role !== 'worker') {
    await app.listen({ port: config.port, host: config.host });
    // Not awaited: a slow or closed network must not hold the start (GET /api/config waits for it instead).
    deps.basemaps.start();
  } else await app.ready();
  if (config.role !== 'api')
    worker = await startWorker(database, log, config.dataDir, deps.mailer, config.publicUrl);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await app.close();
      await worker?.stop();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  printBanner(config, database.description, Math.round(performance.now() - started));
}

function printBanner(config: ReturnType<typeof loadConfig>, database: string, ms: number) {
  const lines = [
    '',
    `Pipewise ${config.role === 'worker' ? 'worker' : `is listening on http://localhost:${config.port}`} (started in ${ms} ms)`,
    `  public URL: ${config.publicUrl}   API docs: ${config.publicUrl}/api/docs`,
    `  database:   ${database}`,
    `  mail:       ${config.smtpUrl ? 'SMTP' : `written to ${config.dataDir}/outbox`}`,
  ];
  if (config.seedDemo) {
    lines.push('', `  Demo accounts (password: ${config.demoPassword}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(32)} ${a.role.padEnd(20)} ${a.client}`);
    lines.push(
      '',
      '  WARNING: these demo accounts have a known password. On a real deployment set SEED_DEMO=false',
      '  before the first start, or change every demo password at once.',
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
