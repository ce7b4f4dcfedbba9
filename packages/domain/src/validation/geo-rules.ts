// Coordinate rules of spec §5.
import { ruleCheck, type RuleCheck } from './rule-check.ts';
import { toFiniteNumber } from './values.ts';

export const MAX_ABS_LATITUDE = 90;
// CHECKLIST FMT-RULE-09 is a conflict: 000 says "abs at most 180", 001 only "at most 180". We take the absolute
// bound, as a user expects west longitudes (the default map centre is at -122.23) to be valid.
export const MAX_ABS_LONGITUDE = 180;

export function latitude(): RuleCheck<'latitude'> {
  return ruleCheck(
    'latitude',
    { max: MAX_ABS_LATITUDE },
    (value) => Math.abs(toFiniteNumber(value)) <= MAX_ABS_LATITUDE,
  );
}

export function longitude(): RuleCheck<'longitude'> {
  return ruleCheck(
    'longitude',
    { max: MAX_ABS_LONGITUDE },
    (value) => Math.abs(toFiniteNumber(value)) <= MAX_ABS_LONGITUDE,
  );
}
