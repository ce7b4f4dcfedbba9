// Test and evaluation only (not exported from the package): reads the City of Kitchener open-data exports
// (shared/data/kitchener-watermains-breaks, see SOURCE.md) into LOF inputs. Text in, plain data out.
// Kept: MAIN breaks not CANCELLED, linked by Related Asset ID = WATMAINID. Attributes: the pressure zone (a
// mapped field: a feature by default) and the shallow-main flag, an undated inventory column that tracks the break
// record (issue 14), so a feature only when chosen (KITCHENER_WITH_SHALLOW_MAIN: the evaluation shows both). Not used:
// Condition Score and CRITICALITY, which the utility refreshes with recent breaks (data README) and would leak the
// held-out years into a backtest; LINED / LINED_DATE, which can postdate a cutoff.
import { MATERIAL, type MaterialCode } from '@pipewise/domain';
import { yearOfMs } from '../time.ts';
import type { LofAttributeSpec, LofBreak, LofPipe } from '../types.ts';

export const KITCHENER_DIR = 'kitchener-watermains-breaks';
export const KITCHENER_MAINS = `${KITCHENER_DIR}/Water_Mains_export2024.csv`;
export const KITCHENER_BREAKS = `${KITCHENER_DIR}/Water_Main_Breaks_export2024.csv`;

/** What the model uses of Kitchener's columns by default: the pressure zone. */
export const KITCHENER_ATTRIBUTES: readonly LofAttributeSpec[] = [
  { name: 'pressureZone', kind: 'categorical' },
];

/** As if the utility had also chosen its undated Shallow Main flag as a risk factor at import. */
export const KITCHENER_WITH_SHALLOW_MAIN: readonly LofAttributeSpec[] = [
  ...KITCHENER_ATTRIBUTES,
  { name: 'shallowMain', kind: 'categorical' },
];

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) → rows of fields; drops a UTF-8 BOM. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') field += s[i++];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** 'M/D/YYYY[ h:mm:ss AM]' → epoch ms at UTC midnight of that day; NaN when blank. */
export function parseUsDateMs(value: string): number {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(value.trim());
  return m ? Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])) : NaN;
}

const MATERIALS: Readonly<Record<string, MaterialCode>> = {
  CI: MATERIAL.CAST_IRON,
  DI: MATERIAL.DUCTILE_IRON,
  PVC: MATERIAL.PVC,
  PVCO: MATERIAL.PVC,
  PVCB: MATERIAL.PVC,
  PVCF: MATERIAL.PVC,
  CPP: MATERIAL.CONCRETE,
  AC: MATERIAL.ASBESTOS_CEMENT,
  HDPE: MATERIAL.PEHDPE,
  'HDPE IN CI': MATERIAL.PEHDPE,
  ST: MATERIAL.STEEL,
  COP: MATERIAL.OTHER,
  XXX: MATERIAL.UNKNOWN,
};

export function kitchenerPipes(mainsCsv: string): LofPipe[] {
  return records(mainsCsv).map((r) => {
    const installMs = parseUsDateMs(r['INSTALLATION_DATE'] ?? '');
    const size = Number(r['PIPE_SIZE']);
    return {
      id: r['WATMAINID']!,
      installYear: Number.isFinite(installMs) ? yearOfMs(installMs) : null,
      material: MATERIALS[r['MATERIAL'] ?? ''] ?? (r['MATERIAL'] ? MATERIAL.OTHER : null),
      diameterMm: Number.isFinite(size) && size > 0 ? size : null,
      lengthM: Number(r['Shape__Length']),
      attributes: { pressureZone: r['PRESSURE_ZONE'] || null, shallowMain: r['Shallow Main'] || null },
    };
  });
}

export function kitchenerBreaks(breaksCsv: string): LofBreak[] {
  return records(breaksCsv)
    .filter((r) => r['Type of Asset Broken'] === 'MAIN' && r['Current status of the break'] !== 'CANCELLED')
    .map((r) => ({ pipeId: r['Related Asset ID']!, dateMs: parseUsDateMs(r['Incident date'] ?? '') }))
    .filter((b) => b.pipeId !== '' && Number.isFinite(b.dateMs));
}
