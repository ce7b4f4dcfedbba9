// ImportOptions as the web builds it (docs/api-datasets.md): camelCase like every body the api client sends,
// except the data-keyed maps, which go verbatim (lib/case.ts keepKeys).
import type { AssetLayer, ImportAnswers, ImportType } from '@pipewise/domain';
import type { Camelize } from '../../../lib/case.ts';
import { keepKeys } from '../../../lib/case.ts';

export type { AssetLayer, ImportType };
export type Answers = Camelize<ImportAnswers>;

export type ImportTarget = { snapshotGroupId: number } | { newGroupName: string };

export interface ImportOptions {
  layer: string;
  crs?: string;
  type: ImportType;
  assetLayer?: AssetLayer;
  /** Target field (as the server names it) → column. */
  mapping: Record<string, string>;
  /** Raw material value → material code. */
  materials: Record<string, number>;
  answers: Answers;
  snapToleranceM: number;
  /** Pipes only: ends this close (m) are one node, or agree with their node id; the server's default otherwise. */
  nodeToleranceM?: number;
  /** Pipes only: unmapped source columns the LOF model may use as risk factors (none when absent). */
  lofFeatures?: string[];
  target: ImportTarget;
}

/** The body for validate and commit: unmapped fields dropped, data-keyed maps protected from key conversion. */
export function importOptionsBody(options: ImportOptions): ImportOptions {
  const mapping = Object.fromEntries(Object.entries(options.mapping).filter(([, column]) => column !== ''));
  return { ...options, mapping: keepKeys(mapping), materials: keepKeys(options.materials) };
}
