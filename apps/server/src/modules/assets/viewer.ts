// Who is looking (language for risk driver names) and which result fields their client's subscriptions open
// (spec 000 §6): LOF, RUL, POPULATION, COF each open their own fields; BRE needs BRE and COF, and without BRE
// (but with COF) its values show the restricted marker instead of disappearing.
import {
  riskDriverName,
  withoutExposure,
  type ColumnDriverNames,
  type Language,
  type Subscription,
} from '@pipewise/domain';

export interface Viewer {
  language: Language;
  subscriptions: readonly Subscription[];
}

export interface Gates {
  lof: boolean;
  rul: boolean;
  population: boolean;
  cof: boolean;
  /** 'open' values, 'restricted' marker, or nothing at all (no COF). */
  bre: 'open' | 'restricted' | 'none';
  vis: boolean;
}

export function gatesOf(viewer: Viewer): Gates {
  const has = (s: Subscription) => viewer.subscriptions.includes(s);
  const cof = has('COF');
  return {
    lof: has('LOF'),
    rul: has('RUL'),
    population: has('POPULATION'),
    cof,
    bre: !cof ? 'none' : has('BRE') ? 'open' : 'restricted',
    vis: has('VIS'),
  };
}

/**
 * The risk factors a utility chose at import that an analysis' model uses, by driver code (its LOF card's
 * `columnDrivers`): such a driver is named by its column.
 */
export function columnDriversOf(lofCard: Record<string, unknown> | null | undefined): ColumnDriverNames {
  const list = lofCard?.['columnDrivers'];
  if (!Array.isArray(list)) return {};
  return Object.fromEntries(
    list.flatMap((d: { code?: unknown; column?: unknown }) =>
      typeof d.code === 'number' && typeof d.column === 'string' ? [[d.code, d.column]] : [],
    ),
  );
}

/** lof_risk_driver_name0..4 in the viewer's language; null past the pipe's drivers or without LOF. */
export function driverNameFields(
  codes: readonly number[] | null,
  language: Language,
  columns: ColumnDriverNames = {},
) {
  const shown = codes ? withoutExposure(codes) : null;
  const name = (i: number) => {
    const code = shown?.[i];
    return code === undefined ? null : (riskDriverName(code, language, columns) ?? null);
  };
  return {
    lof_risk_driver_name0: name(0),
    lof_risk_driver_name1: name(1),
    lof_risk_driver_name2: name(2),
    lof_risk_driver_name3: name(3),
    lof_risk_driver_name4: name(4),
  };
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/** PostGIS GeoJSON text (or an already parsed object) → object. */
export const geoJson = <T>(g: unknown): T => (typeof g === 'string' ? JSON.parse(g) : g) as T;
