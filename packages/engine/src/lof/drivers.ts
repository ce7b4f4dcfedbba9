// Which feature reports as which risk driver code (the codes and their names live in @pipewise/domain,
// constants/risk-drivers.ts, re-exported here for the engine's existing callers).
import { COLUMN_DRIVER_BASE, RISK_DRIVERS, RISK_DRIVER_CODES, riskDriverName } from '@pipewise/domain';
import { ATTRIBUTE_PREFIX, MISSING_CATEGORY } from './features.ts';
import type { LofAttributeSpec } from './types.ts';

export { RISK_DRIVERS, RISK_DRIVER_CODES, riskDriverName };

const FIXED: Readonly<Record<string, number>> = {
  ageYears: 1,
  diameterMm: 13,
  lengthM: 14,
  previousBreaks: 15,
  neverBroken: 15,
  yearsSinceLastBreak: 16,
  recentBreaks5y: 17,
  installYear: 18,
  installYearMissing: 19,
  diameterMissing: 20,
};

/** Driver code of an extra attribute, from its spec or its name. */
export function attributeDriverCode(spec: LofAttributeSpec): number {
  if (
    spec.driverCode !== undefined &&
    (RISK_DRIVERS[spec.driverCode] !== undefined || spec.driverCode >= COLUMN_DRIVER_BASE)
  )
    return spec.driverCode;
  const key = spec.name.toLowerCase().replace(/[^a-z]/g, '');
  if (key.includes('corros')) return 22;
  if (key.includes('soil')) return 21;
  if (key.includes('zone')) return 23;
  if (key.includes('pressure')) return 24;
  if (key.includes('road') || key.includes('traffic')) return 25;
  if (key.includes('groundwater')) return 26;
  return spec.kind === 'numeric' ? 27 : 28;
}

/** Driver code of a feature for one pipe (material depends on the pipe's material value). */
export function featureDriverCode(
  feature: string,
  value: number | string,
  attributes: readonly LofAttributeSpec[],
): number {
  if (feature === 'material') {
    const code = value === MISSING_CATEGORY ? NaN : Number(value);
    return Number.isInteger(code) && code >= 0 && code <= 10 ? code + 2 : 8;
  }
  if (feature.startsWith(ATTRIBUTE_PREFIX)) {
    const spec = attributes.find((a) => ATTRIBUTE_PREFIX + a.name === feature);
    return spec ? attributeDriverCode(spec) : 27;
  }
  return FIXED[feature] ?? 27;
}
