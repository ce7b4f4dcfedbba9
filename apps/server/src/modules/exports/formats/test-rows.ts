// Pipes of the export tests: a single line, a two-part line with Japanese text and missing values, no geometry.
import type { Gates } from '../../assets/viewer.ts';
import type { PipeExportRow } from '../export-csv.ts';
import type { ExportFeature } from './layer.ts';

export const ALL_GATES: Gates = { lof: true, rul: true, population: true, cof: true, bre: 'open', vis: true };

export function pipeRow(id: number, over: Partial<PipeExportRow> = {}): PipeExportRow {
  return {
    id,
    nativePipeId: `P-${id}`,
    address: '1 Main St',
    lengthM: 100,
    diameterMm: 152.4,
    installYear: 1961,
    materialTypeCode: 1,
    installYearStatus: 0,
    diameterStatus: 1,
    materialStatus: 2,
    lof: { '12': 0.125, '24': 0.25, '36': 0.375, '60': 0.5 },
    rank12: id,
    rul: 42.5,
    cofTotal: 1234.5,
    bre: 0.75,
    ...over,
  };
}

export const SAMPLE: ExportFeature<PipeExportRow>[] = [
  {
    row: pipeRow(1),
    lines: [
      [
        [-84.5, 38.04],
        [-84.49, 38.05],
      ],
    ],
  },
  {
    // Japanese text: the .cpg says UTF-8, the reader must not fall back to windows-1252.
    row: pipeRow(2, { address: '東京都千代田区1-1', installYear: null, rul: null }),
    lines: [
      [
        [-84.48, 38.03],
        [-84.47, 38.02],
      ],
      [
        [-84.47, 38.02],
        [-84.46, 38.01],
        [-84.45, 38.0],
      ],
    ],
  },
  { row: pipeRow(3, { address: null }), lines: null },
];
