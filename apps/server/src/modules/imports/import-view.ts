// An imports row → the wire's ImportItem.
import { validationReportSchema, type ImportItem } from '@pipewise/domain';
import type { ImportWithUser } from './imports.repository.ts';

export function toImportItem(r: ImportWithUser): ImportItem {
  const report = validationReportSchema.safeParse(r.report);
  return {
    id: r.id,
    type: r.type,
    asset_layer: (r.assetLayer as ImportItem['asset_layer']) ?? null,
    file_name: r.fileName,
    format: r.format as ImportItem['format'],
    status: r.status,
    progress: r.progress,
    rows: r.rows,
    imported: r.imported,
    skipped: r.skipped,
    message: r.message,
    report: report.success ? report.data : null,
    snapshot_group_id: r.snapshotGroupId,
    dataset_id: r.datasetId,
    archive: r.archive,
    created_by: r.createdByName ?? '',
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}
