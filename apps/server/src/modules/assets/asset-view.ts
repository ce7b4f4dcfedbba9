// A pipe row with its served results → the wire Asset of packages/domain/src/api/assets.ts, with the fields the
// client's subscriptions do not cover set to null (BRE: the restricted marker, spec 000 §6).
import { BRE_RESTRICTED, DATA_ORIGIN } from '@pipewise/domain';
import type {
  Asset,
  AssetRef,
  AssetRow,
  BreDetail,
  CofBasisWire,
  CofDetailsWire,
  ColumnDriverNames,
} from '@pipewise/domain';
import { cofBasisOfRecord } from '@pipewise/engine';
import type { pipeResults } from '../../db/schema-analysis.ts';
import type { AssetRecord } from './assets.repository.ts';
import { driverNameFields, gatesOf, geoJson, iso, type Gates, type Viewer } from './viewer.ts';

/** DATA_ORIGIN of a displayed value: override > provided > imputed (assets.repository DISPLAYED). */
export function statusOf(override: unknown, provided: unknown): number {
  if (override !== undefined && override !== null) return DATA_ORIGIN.OVERRIDDEN;
  if (provided !== null && provided !== undefined) return DATA_ORIGIN.PROVIDED;
  return DATA_ORIGIN.IMPUTED;
}

type PipeResultRow = typeof pipeResults.$inferSelect;

/** What a break of the pipe puts out of service (affected-assets.ts): its segment's pipes (listed up to a cap) and valves. */
export interface AffectedAssets {
  pipes: AssetRef[];
  pipesTotal: number;
  valves: AssetRef[];
}

export function cofOf(r: PipeResultRow, affected: AffectedAssets): CofDetailsWire {
  const c = r.cof ?? {};
  const v = (k: string) => (typeof c[k] === 'number' ? c[k] : null);
  return {
    direct: v('direct'),
    intense_repair: v('intenseRepair'),
    standard_repair: v('standardRepair'),
    indirect: v('indirect'),
    no_water: v('noWater'),
    traffic_disruption: v('trafficDisruption'),
    critical_facilities: v('criticalFacilities'),
    property_damage: v('propertyDamage'),
    environment: v('environment'),
    custom: v('custom'),
    cof_total: r.cofTotal,
    cof_level: r.cofLevel,
    affected_pipes: affected.pipes,
    affected_pipes_total: affected.pipesTotal,
    affected_valves: affected.valves,
    basis: basisOf(r, affected),
  };
}

/**
 * How each amount was computed (issue 38), from the figures the COF stage stored beside them (packages/engine
 * pipeline/cof-basis.ts); null for a run stored before it did. The segment's pipes are the affected pipes' count.
 */
function basisOf(r: PipeResultRow, affected: AffectedAssets): CofBasisWire | null {
  const c = r.cof ?? {};
  const b = cofBasisOfRecord(c);
  if (b === null) return null;
  return {
    calculation: b.calculation,
    diameter_tier: b.tier,
    outage_hours: b.outageHours,
    customers: c['customersWithoutWater'] ?? 0,
    customer_hour_rate: b.customerHourRate,
    segment_id: r.segmentId,
    segment_pipes: affected.pipesTotal,
    segment_customers: b.segmentCustomers,
    cut_off_segments: b.cutOffSegments,
    dry_junctions: b.dryJunctions,
    intense_repair: b.intense,
    repair_rate_per_m: b.repairRatePerM,
    road_type: b.roadType,
    traffic_rate_per_hour: b.trafficRatePerHour,
    facilities_cut_off: b.facilitiesCutOff,
    facility_weight: b.facilityWeight,
    facility_hour_rate: b.facilityHourRate,
    pressure_factor: b.pressureFactor,
    property_damage_rate: b.propertyDamageRate,
    environment_rate: b.environmentRate,
    near_water_factor: b.nearWaterFactor,
    custom_cofs: b.customCofs,
  };
}

export function breOf(r: Pick<PipeResultRow, 'bre' | 'breLevel'>, gates: Gates): BreDetail | null {
  if (gates.bre === 'none') return null;
  if (gates.bre === 'restricted') return { total: BRE_RESTRICTED, level: BRE_RESTRICTED };
  return { total: r.bre, level: r.breLevel };
}

const H = ['12', '24', '36', '60'] as const;
function lofFields(r: PipeResultRow | null, open: boolean) {
  const pick = (m: Record<string, number> | null | undefined, h: string) => (open ? (m?.[h] ?? null) : null);
  const own = (v: number | null | undefined) => (open ? (v ?? null) : null);
  const out: Record<string, number | null> = {
    lof_12: own(r?.lof12),
    lof_24: own(r?.lof24),
    lof_36: own(r?.lof36),
    lof_60: own(r?.lof60),
    rank_12: own(r?.rank12),
    rank_24: own(r?.rank24),
    rank_36: own(r?.rank36),
    rank_60: own(r?.rank60),
  };
  for (const h of H) {
    out[`lof_absolute_${h}`] = pick(r?.lofAbsolute, h);
    out[`cum_breaks_${h}`] = pick(r?.cumBreaks, h);
  }
  return out as Pick<Asset, `${'lof_' | 'rank_' | 'lof_absolute_' | 'cum_breaks_'}${(typeof H)[number]}`>;
}

export interface AssetExtras {
  analysis: { id: number; finishedAt: Date | null; columnDrivers: ColumnDriverNames } | null;
  relatedValves: AssetRef[];
  visValves: AssetRef[];
  affected: AffectedAssets;
}

export function toApiAsset(rec: AssetRecord, extras: AssetExtras, viewer: Viewer): Asset {
  const { pipe, displayed, segment } = rec;
  const r = extras.analysis ? rec.result : null;
  const g = gatesOf(viewer);
  const o = pipe.overrides;
  const drivers = g.lof ? (r?.riskDrivers ?? null) : null;
  return {
    id: pipe.id,
    native_pipe_id: pipe.nativePipeId,
    address: pipe.address,
    geometry: geoJson(rec.geometry),
    length: pipe.lengthM,
    diameter: displayed.diameter,
    install_year: displayed.installYear,
    material_type_code: displayed.materialTypeCode,
    diameter_status: statusOf(o.diameterMm, pipe.diameterMm),
    install_year_status: statusOf(o.installYear, pipe.installYear),
    material_status: statusOf(o.materialTypeCode, pipe.materialTypeCode),
    imputed_diameter: r?.imputedDiameter ?? null,
    imputed_install_year: r?.imputedInstallYear ?? null,
    imputed_material: r?.imputedMaterial ?? null,
    diameter_likelihood: r?.diameterLikelihood ?? null,
    install_year_likelihood: r?.installYearLikelihood ?? null,
    material_likelihood: r?.materialLikelihood ?? null,
    abandoned: pipe.abandoned,
    break_count: pipe.breakCount,
    analysis: extras.analysis
      ? { id: extras.analysis.id, finished_at: iso(extras.analysis.finishedAt) }
      : null,
    ...lofFields(r, g.lof),
    risk_drivers: drivers,
    ...driverNameFields(drivers, viewer.language, extras.analysis?.columnDrivers),
    rul: g.rul ? (r?.rul ?? null) : null,
    projected_population:
      g.population && r?.population
        ? { population: r.population, rate_of_change: r.rateOfChange ?? {} }
        : null,
    segment_id: r?.segmentId ?? null,
    related_valves: r ? extras.relatedValves : [],
    vis_valves: r ? extras.visValves : [],
    vis_breaks: r && segment ? segment.breaks : null,
    cof: g.cof && r ? cofOf(r, extras.affected) : null,
    bre: r ? breOf(r, g) : null,
  };
}

function rowBre(bre: number | null, gates: Gates): AssetRow['bre'] {
  if (gates.bre === 'none') return null;
  return gates.bre === 'open' || bre === null ? bre : BRE_RESTRICTED;
}

type RawRow = Omit<AssetRow, 'bre'> & { bre: number | null };

export function toApiAssetRow(row: RawRow, gates: Gates): AssetRow {
  return {
    ...row,
    lof_12: gates.lof ? row.lof_12 : null,
    rank_12: gates.lof ? row.rank_12 : null,
    cof_total: gates.cof ? row.cof_total : null,
    bre: rowBre(row.bre, gates),
  };
}
