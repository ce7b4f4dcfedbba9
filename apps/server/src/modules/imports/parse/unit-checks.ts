// Values that are numbers but not plausible for a water main in the unit the user chose (issue 15: inch diameters
// were stored as millimetres, a 4 mm main passed with "No problems found"). A flagged value is kept — the user may
// know better — but the report names it with its reading in the unit that fits, and validateImport warns when most
// of the layer is flagged, which points at the unit answer rather than at the rows.
import { type DiameterUnit, type LengthUnit, lengthM } from './parse-values.ts';
import type { RowChecker } from './row-checks.ts';

/** Water mains run from about 1 in (25 mm) to about 144 in (3,600 mm); a service line can be smaller. */
export const PLAUSIBLE_MAIN_MM = { min: 25, max: 3600 } as const;

const plausible = (mm: number) => mm >= PLAUSIBLE_MAIN_MM.min && mm <= PLAUSIBLE_MAIN_MM.max;

/** A diameter no water main has in the chosen unit, where the other unit would fit. */
export function checkDiameterUnit(
  c: RowChecker,
  column: string,
  raw: number,
  mm: number,
  unit: DiameterUnit,
): void {
  if (unit !== 'in' && mm < PLAUSIBLE_MAIN_MM.min && plausible(raw * 25.4))
    c.add(
      'diameter-implausible',
      column,
      raw,
      `${mm} mm is smaller than a water main; as inches ${raw} in = ${Math.round(raw * 25.4)} mm`,
    );
  else if (unit === 'in' && mm > PLAUSIBLE_MAIN_MM.max && plausible(raw))
    c.add(
      'diameter-implausible',
      column,
      raw,
      `${Math.round(mm)} mm is larger than a water main; as millimetres it would be ${raw} mm`,
    );
}

/**
 * One pipe record is a length of main between fittings: 100 km would be a whole trunk line, and a negative length is
 * no length at all. Such a value is not used; the drawn length is, when there is one. A stated 0 is a link of no
 * length (a pump or valve of a hydraulic model, issue 16) unless a longer line is drawn.
 */
export const PLAUSIBLE_PIPE_M = { max: 100_000 } as const;

/**
 * A stated length agrees with the drawn one within this factor in a sound file. Looser than survey accuracy on
 * purpose: ArcGIS's Shape__Length is measured in Web Mercator, 1.4× the true length at 45° of latitude.
 */
const AGREES = { min: 0.8, max: 1.25 } as const;
/** Beyond this factor the two lengths describe different things, whatever the unit. */
const DISAGREES = 2;
/** Shorter lines are fittings and stubs drawn schematically: their drawn length says little. */
const MIN_DRAWN_M = 1;
const UNITS: readonly LengthUnit[] = ['m', 'km', 'ft', 'mi'];

/**
 * The stated length in metres, or null when it cannot be a pipe's length. Compared with the drawn length: a
 * stated length that only agrees in another unit (feet read as metres: 3.28× too long) is `length-implausible`,
 * one that agrees in no unit and differs more than twofold is `length-mismatch`.
 */
export function checkLength(
  c: RowChecker,
  column: string,
  raw: number,
  unit: LengthUnit,
  drawnM: number | null,
): number | null {
  const metres = lengthM(raw, unit);
  if (metres === 0 && (drawnM === null || drawnM < MIN_DRAWN_M)) return 0;
  if (metres <= 0 || metres > PLAUSIBLE_PIPE_M.max) {
    c.add('length-out-of-range', column, raw, `${metres} m is not the length of one pipe`);
    return null;
  }
  if (drawnM === null || drawnM < MIN_DRAWN_M) return metres;
  if (agrees(metres, drawnM)) return metres;
  const fits = otherUnitThatAgrees(raw, unit, drawnM);
  const drawn = `the line drawn is ${Math.round(drawnM)} m`;
  if (fits)
    c.add(
      'length-implausible',
      column,
      raw,
      `${raw} ${unit} = ${round(metres)} m but ${drawn}; as ${fits} it fits`,
    );
  else if (metres / drawnM > DISAGREES || drawnM / metres > DISAGREES)
    c.add('length-mismatch', column, raw, `${raw} ${unit} = ${round(metres)} m but ${drawn}`);
  return metres;
}

const agrees = (m: number, drawnM: number) => m / drawnM >= AGREES.min && m / drawnM <= AGREES.max;

/** The first unit after `unit` in UNITS in which `raw` agrees with the drawn length (rows rarely get here). */
function otherUnitThatAgrees(raw: number, unit: LengthUnit, drawnM: number): LengthUnit | undefined {
  return UNITS.find((u) => u !== unit && agrees(lengthM(raw, u), drawnM));
}

const round = (m: number) => (m >= 10 ? Math.round(m) : Math.round(m * 10) / 10);
