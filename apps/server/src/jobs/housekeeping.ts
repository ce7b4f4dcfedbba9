// Periodic clean-up; also the first registered job, so later pipeline jobs follow the same shape.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { withSystem, type Database } from '../db/database.ts';
import { purgeRateLimits } from '../lib/rate-limits.repository.ts';
import { purgePasswordResets } from '../modules/accounts/password-resets.repository.ts';
import { purgeRefreshTokens } from '../modules/auth/refresh-tokens.repository.ts';
import { exportsDir } from '../modules/exports/export-file.job.ts';
import { purgeOldExportFiles } from '../modules/exports/export-files.repository.ts';
import { purgeOldUploads } from '../modules/imports/imports.repository.ts';
import { deleteUpload, uploadPath } from '../modules/imports/upload-files.ts';
import { ensureQueue } from './boss.ts';

export const HOUSEKEEPING_QUEUE = 'housekeeping';

/** Wizard uploads left behind (abandoned wizards, finished imports) are kept this long, then deleted. */
export const UPLOAD_RETENTION_DAYS = 7;

/**
 * Export files are kept this long (a month: time to mail a link and download it; the data behind them changes with
 * every import and analysis), then deleted with their rows.
 */
export const EXPORT_RETENTION_DAYS = 30;

export async function runHousekeeping(
  database: Database,
  dataDir?: string,
): Promise<{
  refreshTokens: number;
  passwordResets: number;
  rateLimits: number;
  uploads: number;
  exportFiles: number;
}> {
  const purged = await withSystem(database.db, async (tx) => ({
    refreshTokens: await purgeRefreshTokens(tx),
    passwordResets: await purgePasswordResets(tx),
    rateLimits: await purgeRateLimits(tx),
    uploadIds: dataDir ? await purgeOldUploads(tx, UPLOAD_RETENTION_DAYS) : [],
    exportFiles: dataDir ? await purgeOldExportFiles(tx, EXPORT_RETENTION_DAYS) : [],
  }));
  // Files go after their rows are gone: a crash in between leaves a stray file, never a row without its file.
  for (const id of purged.uploadIds) await deleteUpload(uploadPath(dataDir!, id));
  for (const file of purged.exportFiles) await rm(path.join(exportsDir(dataDir!), file), { force: true });
  return {
    refreshTokens: purged.refreshTokens,
    passwordResets: purged.passwordResets,
    rateLimits: purged.rateLimits,
    uploads: purged.uploadIds.length,
    exportFiles: purged.exportFiles.length,
  };
}

export async function registerHousekeeping(
  boss: PgBoss,
  database: Database,
  log: FastifyBaseLogger,
  dataDir?: string,
): Promise<void> {
  await ensureQueue(boss, HOUSEKEEPING_QUEUE);
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    const purged = await runHousekeeping(database, dataDir);
    log.info({ purged }, 'housekeeping done');
  });
  // Hourly: expired tokens are harmless, this only keeps the tables small.
  await boss.schedule(HOUSEKEEPING_QUEUE, '17 * * * *');
}
