// Lengths and diameters for display: stored in SI (m, mm), shown in the user's units (spec §9).
import { convertDiameter, convertLength } from './convert.ts';
import { formatWithIntl, type FormatOptions } from './number.ts';
import type { DiameterUnit, LengthUnit } from './units.ts';

// Intl's sanctioned unit identifiers, so each locale writes its own symbol (fr: 'pi' for feet).
const INTL_UNIT: Record<LengthUnit | DiameterUnit, string> = {
  m: 'meter',
  ft: 'foot',
  km: 'kilometer',
  mi: 'mile',
  mm: 'millimeter',
  in: 'inch',
};

/**
 * Most decimals shown by default: segment lengths to a tenth, long distances to a hundredth, diameters in
 * whole millimeters or to a tenth of an inch (the imperial diameter slider steps by 0.5 in).
 */
const DEFAULT_DECIMALS: Record<LengthUnit | DiameterUnit, number> = {
  m: 1,
  ft: 1,
  km: 2,
  mi: 2,
  mm: 0,
  in: 1,
};

export interface LengthFormatOptions extends FormatOptions {
  /** Most decimals shown (trailing zeros are dropped). */
  readonly maxDecimals?: number;
}

function formatInUnit(
  value: number,
  unit: LengthUnit | DiameterUnit,
  language: string,
  options: LengthFormatOptions,
): string {
  return formatWithIntl(
    value,
    language,
    {
      style: 'unit',
      unit: INTL_UNIT[unit],
      unitDisplay: 'short',
      maximumFractionDigits: options.maxDecimals ?? DEFAULT_DECIMALS[unit],
    },
    options,
  );
}

/** A stored length in meters shown in `unit`, e.g. 1000 m → '3,280.8 ft'; 'NA' when it cannot convert. */
export function formatLength(
  meters: number | null | undefined,
  unit: LengthUnit,
  language: string,
  options: LengthFormatOptions = {},
): string {
  return formatInUnit(convertLength(meters, unit), unit, language, options);
}

/** A stored diameter in millimeters shown in `unit`, e.g. 152.4 mm → '6 in'; 'NA' when it cannot convert. */
export function formatDiameter(
  mm: number | null | undefined,
  unit: DiameterUnit,
  language: string,
  options: LengthFormatOptions = {},
): string {
  return formatInUnit(convertDiameter(mm, unit), unit, language, options);
}
