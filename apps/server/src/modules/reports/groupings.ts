// How the asset and LOF breakdowns group pipes. Every grouping reads the ANALYSED attributes of pipe_results (the
// value used by the models: override, else provided, else imputed), so a report agrees with the map and the
// details; a pipe with no value even after imputation is the group of key null ("unknown").
import { MM_PER_INCH } from '@pipewise/domain';
import { DIAMETER_TIERS, TIER_LOWER_BOUNDS_IN } from '@pipewise/engine';
import { sql, type SQL } from 'drizzle-orm';
import { constArray } from './report-context.ts';

export interface Grouping {
  /** The group's value, sortable (groups are listed ascending, unknown last). */
  expr: SQL;
  /** Its key on the wire. */
  key: (value: unknown) => string | null;
}

const asText = (v: unknown) => (v == null ? null : String(v));

/**
 * 001 §9 diameter tiers d1–d6: bands in inches <4, 4–8, 8–16, 16–24, 24–30, ≥30, each [lower, upper), mm = in ×
 * 25.4 (packages/engine cof/constants.ts diameterTier). Compared as `real`, the column's own type: 101.6 mm is
 * stored as the float4 nearest 101.6, which is below the double 101.6, so a float8 comparison would put a 4 in main
 * in d1. A negative diameter is no diameter (null), as in the engine.
 */
const tierBounds = constArray(
  TIER_LOWER_BOUNDS_IN.map((inches) => inches * MM_PER_INCH),
  'real',
);
const tierExpr = sql`CASE WHEN pr.diameter_mm >= 0 THEN width_bucket(pr.diameter_mm, ${tierBounds}) + 1 END`;

export const GROUPINGS = {
  material: { expr: sql`pr.material_type_code`, key: asText },
  diameter: {
    expr: tierExpr,
    key: (v: unknown) => (v == null ? null : (DIAMETER_TIERS[Number(v) - 1] ?? null)),
  },
  installYear: { expr: sql`pr.install_year`, key: asText },
  /** The decade's first year ('1960' for 1960–1969); integer division of a smallint. */
  decade: { expr: sql`(pr.install_year / 10) * 10`, key: asText },
  /** One group: the whole network. */
  all: { expr: sql`NULL::int`, key: () => null },
} as const satisfies Record<string, Grouping>;

export type GroupingName = keyof typeof GROUPINGS;
