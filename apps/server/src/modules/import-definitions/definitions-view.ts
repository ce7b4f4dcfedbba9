// Rows → the wire shapes of docs/api-scheduled-imports.md.
import {
  validationReportSchema,
  type ImportDefinition,
  type ImportRun,
  type ImportRunStatus,
} from '@pipewise/domain';
import type { DefinitionWithNames, RunWithImport } from './definitions.repository.ts';

/**
 * An importing run reads as its import job ended, at once: the scheduler's tick records it (and mails a failure)
 * up to 30 s later, and a script polling the run should not wait for that.
 */
export function effectiveStatus({ run, importStatus, importMessage }: RunWithImport): {
  status: ImportRunStatus;
  reason: string | null;
} {
  if (run.status !== 'importing') return { status: run.status, reason: run.reason };
  if (importStatus === 'succeeded') return { status: 'committed', reason: null };
  if (importStatus === 'failed') return { status: 'failed', reason: importMessage ?? 'the import failed' };
  return { status: 'importing', reason: null };
}

export function toImportRun(r: RunWithImport): ImportRun {
  const { run } = r;
  const report = validationReportSchema.safeParse(run.report);
  return {
    id: run.id,
    definition_id: run.definitionId,
    trigger: run.trigger,
    ...effectiveStatus(r),
    file_name: run.fileName,
    upload_id: run.uploadId,
    import_id: run.importId,
    change: run.change ?? null,
    report: report.success ? report.data : null,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

export function toImportDefinition(
  d: DefinitionWithNames,
  lastRun: RunWithImport | undefined,
): ImportDefinition {
  const { definition: row } = d;
  const lastStarted = lastRun?.run.createdAt.getTime() ?? -Infinity;
  return {
    id: row.id,
    name: row.name,
    snapshot_group_id: row.snapshotGroupId,
    snapshot_group_name: d.groupName,
    source: row.source,
    file:
      row.fileName && row.fileUploadedAt
        ? {
            file_name: row.fileName,
            uploaded_at: row.fileUploadedAt.toISOString(),
            pending: row.fileUploadedAt.getTime() > lastStarted,
          }
        : null,
    schedule: row.schedule,
    time_zone: row.timeZone,
    options: row.options,
    limits: row.limits,
    enabled: row.enabled,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    created_by_name: d.createdByName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_run: lastRun ? toImportRun(lastRun) : null,
  };
}
