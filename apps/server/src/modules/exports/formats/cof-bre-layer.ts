// The 'cofBre' export kind: every pipe of the dataset with the served analysis's consequence of failure — the total,
// its level and the parts the results store (pipe_results.cof, the COF details API's names) — and its business risk
// exposure (BRE = LOF × COF) with its level. The COF subscription opens the kind; BRE columns need BRE as well and
// are left out without it (a column of restricted markers would say nothing), as in the lof file.
import type { Gates } from '../../assets/viewer.ts';
import { lengthIn, SI_UNITS, type ExportUnits } from '../export-csv.ts';
import type { ExportField, ExportLayer, FieldType } from './layer.ts';

export interface CofBreRow {
  id: number;
  nativePipeId: string;
  lengthM: number;
  cofTotal: number | null;
  cofLevel: number | null;
  /** pipe_results.cof: the parts under their engine names (direct, intenseRepair…); null without results. */
  cof: Record<string, number> | null;
  bre: number | null;
  breLevel: number | null;
}

/** The parts in the COF details API's order: [full name, Shapefile name, engine key]. */
const COF_PARTS = [
  ['direct', 'direct', 'direct'],
  ['intense_repair', 'int_repair', 'intenseRepair'],
  ['standard_repair', 'std_repair', 'standardRepair'],
  ['indirect', 'indirect', 'indirect'],
  ['no_water', 'no_water', 'noWater'],
  ['traffic_disruption', 'traffic', 'trafficDisruption'],
  ['critical_facilities', 'crit_fac', 'criticalFacilities'],
  ['property_damage', 'prop_dmg', 'propertyDamage'],
  ['environment', 'environ', 'environment'],
  ['custom', 'custom', 'custom'],
] as const;

/** Full name → [Shapefile name, type]. */
export const COF_BRE_FIELDS: Readonly<Record<string, readonly [string, FieldType]>> = {
  id: ['id', 'integer'],
  native_pipe_id: ['pipe_id', 'text'],
  length_m: ['length_m', 'real'],
  length_ft: ['length_ft', 'real'],
  cof_total: ['cof_total', 'real'],
  cof_level: ['cof_level', 'integer'],
  ...Object.fromEntries(COF_PARTS.map(([name, short]) => [name, [short, 'real'] as const])),
  bre: ['bre', 'real'],
  bre_level: ['bre_level', 'integer'],
};

type Value = (r: CofBreRow) => string | number | null;

const part = (key: string) => (r: CofBreRow) => {
  const v = r.cof?.[key];
  return typeof v === 'number' ? v : null;
};

export function cofBreLayer(gates: Gates, units: ExportUnits = SI_UNITS): ExportLayer<CofBreRow> {
  const length = lengthIn(units);
  const columns: [string, Value][] = [
    ['id', (r) => r.id],
    ['native_pipe_id', (r) => r.nativePipeId],
    [`length_${units.segment}`, (r) => length(r.lengthM)],
    ['cof_total', (r) => r.cofTotal],
    ['cof_level', (r) => r.cofLevel],
    ...COF_PARTS.map(([name, , key]): [string, Value] => [name, part(key)]),
    ...(gates.bre === 'open'
      ? ([
          ['bre', (r) => r.bre],
          ['bre_level', (r) => r.breLevel],
        ] as [string, Value][])
      : []),
  ];
  const fields: ExportField<CofBreRow>[] = columns.map(([name, value]) => {
    const known = COF_BRE_FIELDS[name];
    if (!known) throw new Error(`export column ${name} has no Shapefile name in COF_BRE_FIELDS`);
    return { name, short: known[0], type: known[1], value };
  });
  return { name: 'pipes_cof_bre', fields };
}
