// The job worker: pg-boss with every registered job. Started by server.ts (ROLE=all|worker).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database.ts';
import { createBoss } from './jobs/boss.ts';
import { registerHousekeeping } from './jobs/housekeeping.ts';
import type { Mailer } from './mail/mailer.ts';
import { registerAnalysisJob } from './modules/analysis/analysis-worker.ts';
import { registerNightlyAnalyses } from './modules/analysis/nightly.ts';
import { registerExportFileJob } from './modules/exports/export-file.job.ts';
import { registerExportJob } from './modules/exports/export.job.ts';
import { registerImportJob } from './modules/imports/import.job.ts';
import { registerScheduledImports } from './modules/import-definitions/scheduler.ts';
import { registerPlanJob } from './modules/planner/plan.job.ts';
import { registerProgrammeJob } from './modules/programmes/programme.job.ts';

export interface Worker {
  stop(): Promise<void>;
}

/**
 * `dataDir` lets housekeeping delete old wizard uploads (DATA_DIR/uploads); `mailer` lets it mail exports (without
 * one, export jobs wait in their queue for a worker that has it); `publicUrl` is the link in scheduled imports' mail.
 */
export async function startWorker(
  database: Database,
  log: FastifyBaseLogger,
  dataDir?: string,
  mailer?: Mailer,
  publicUrl = '',
): Promise<Worker> {
  const boss = createBoss(database);
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  await boss.start();
  await registerHousekeeping(boss, database, log, dataDir);
  const stopImportSweep = await registerImportJob(boss, database, log, dataDir);
  const stopSweep = await registerAnalysisJob(boss, database, log);
  await registerNightlyAnalyses(boss, database, log);
  const stopPlanSweep = await registerPlanJob(boss, database, log);
  const stopProgrammeSweep = await registerProgrammeJob(boss, database, log);
  if (mailer) await registerExportJob(boss, database, mailer, log);
  // Scheduled imports fetch into DATA_DIR/uploads, as the wizard's uploads: a worker without one takes none.
  const stopScheduledImports = dataDir
    ? await registerScheduledImports(boss, { database, dataDir, mailer, publicUrl }, log)
    : () => undefined;
  // Export files are kept under DATA_DIR: a worker without one leaves them queued for one that has it.
  const stopExportSweep = dataDir
    ? await registerExportFileJob(boss, database, dataDir, log)
    : () => undefined;
  log.info('worker started');
  return {
    // close: false — the database belongs to server.ts, which closes it last.
    stop: async () => {
      stopImportSweep();
      stopSweep();
      stopPlanSweep();
      stopProgrammeSweep();
      stopExportSweep();
      stopScheduledImports();
      await boss.stop({ graceful: true, close: false, timeout: 10_000, wait: true });
    },
  };
}
