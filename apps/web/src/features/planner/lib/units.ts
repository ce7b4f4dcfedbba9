// Lengths between the user's unit (m or ft) and the wire's metres (ARCHITECTURE.md: SI on the wire, conversion at
// display). The auto planner's bounds default to 500 and 1000 in the user's unit (PLAN-AUTO-02): 500 ft for a US
// user, not 500 m shown as 1,640 ft.
import {
  AUTO_PLANNER_LENGTH_DEFAULTS,
  convertLength,
  lengthToMeters,
  type SegmentUnit,
} from '@pipewise/domain';

export const toMetres = (value: number, unit: SegmentUnit): number => lengthToMeters(value, unit);
export const fromMetres = (metres: number, unit: SegmentUnit): number => convertLength(metres, unit);

/** The auto planner's min/max length as the form starts them, in the user's unit (PLAN-AUTO-02's reading). */
export const autoPlannerLengthDefaults = (unit: SegmentUnit): { min: number; max: number } => ({
  ...AUTO_PLANNER_LENGTH_DEFAULTS[unit],
});

/** Metres rounded to the centimetre: what a typed 500 ft becomes on the wire (152.4 m). */
export const roundedMetres = (value: number, unit: SegmentUnit): number =>
  Math.round(toMetres(value, unit) * 100) / 100;
