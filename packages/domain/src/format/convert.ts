// Conversions between stored SI values (m, mm) and display units. NaN marks a failed conversion, which the
// formatters print as 'NA' (spec §8).
import { KM_PER_MILE, MM_PER_INCH, M_PER_FOOT, type DiameterUnit, type LengthUnit } from './units.ts';

const METERS_PER_UNIT: Record<LengthUnit, number> = {
  m: 1,
  ft: M_PER_FOOT,
  km: 1000,
  mi: KM_PER_MILE * 1000,
};

const MM_PER_UNIT: Record<DiameterUnit, number> = { mm: 1, in: MM_PER_INCH };

function factor<U extends string>(table: Record<U, number>, unit: unknown): number {
  return typeof unit === 'string' && Object.hasOwn(table, unit) ? table[unit as U] : Number.NaN;
}

function finiteOrNaN(value: number): number {
  return Number.isFinite(value) ? value : Number.NaN;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number';
}

/** Meters to `unit`; NaN for a non-finite value or an unknown unit. */
export function convertLength(meters: number | null | undefined, unit: LengthUnit): number {
  return isNumber(meters) ? finiteOrNaN(meters / factor(METERS_PER_UNIT, unit)) : Number.NaN;
}

/** A length in `unit` back to meters, e.g. for an imperial slider bound. */
export function lengthToMeters(value: number | null | undefined, unit: LengthUnit): number {
  return isNumber(value) ? finiteOrNaN(value * factor(METERS_PER_UNIT, unit)) : Number.NaN;
}

/** Millimeters to `unit`; NaN for a non-finite value or an unknown unit. */
export function convertDiameter(mm: number | null | undefined, unit: DiameterUnit): number {
  return isNumber(mm) ? finiteOrNaN(mm / factor(MM_PER_UNIT, unit)) : Number.NaN;
}

/** A diameter in `unit` back to millimeters. */
export function diameterToMm(value: number | null | undefined, unit: DiameterUnit): number {
  return isNumber(value) ? finiteOrNaN(value * factor(MM_PER_UNIT, unit)) : Number.NaN;
}
