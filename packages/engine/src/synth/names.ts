// Plausible but invented names for streets, districts and facilities. Picked by hash so a street keeps its
// name wherever it is generated from.
import { hash32 } from './rng.ts';

const TREES = [
  'Oak',
  'Elm',
  'Laurel',
  'Walnut',
  'Cedar',
  'Maple',
  'Willow',
  'Sycamore',
  'Magnolia',
  'Madrone',
  'Redwood',
  'Cypress',
  'Alder',
  'Hawthorne',
  'Juniper',
  'Linden',
  'Poplar',
  'Acacia',
  'Buckeye',
  'Chestnut',
  'Olive',
  'Hemlock',
  'Manzanita',
  'Bay',
  'Pine',
  'Spruce',
  'Aspen',
  'Birch',
];
const PEOPLE = [
  'Alameda',
  'Arguello',
  'Carlton',
  'Dartmouth',
  'Eaton',
  'Fremont',
  'Greenwood',
  'Hillsdale',
  'Irving',
  'Kensington',
  'Lyon',
  'Morton',
  'Norwood',
  'Orchard',
  'Portola',
  'Ralston',
  'Sheridan',
  'Taylor',
  'Vista',
  'Wellington',
  'Belburn',
  'Chula',
  'Dale',
  'Encina',
  'Fairway',
  'Glenwood',
  'Harbor',
  'Industrial',
  'Kelton',
  'Lowell',
  'Monte',
  'Newbridge',
  'Olympic',
  'Prospect',
  'Quarry',
  'Rosewood',
  'Sequoia',
  'Tamarack',
  'Upland',
  'Valota',
  'Winding',
  'Arroyo',
  'Bayview',
  'Crestview',
  'Devonshire',
  'Edgewood',
  'Fox',
  'Granada',
  'Heather',
  'Inverness',
  'Knoll',
  'Loma',
  'Mezes',
  'Naples',
  'Oxford',
  'Palomar',
  'Ridgeway',
  'San Juan',
  'Tahoe',
  'Club',
  'Vine',
  'Whitney',
];
const ORDINALS = [
  '1st',
  '2nd',
  '3rd',
  '4th',
  '5th',
  '6th',
  '7th',
  '8th',
  '9th',
  '10th',
  '11th',
  '12th',
  '13th',
  '14th',
  '15th',
  '16th',
  '17th',
  '18th',
  '19th',
  '20th',
];

const pickBy = <T>(items: readonly T[], key: string): T => items[hash32(key) % items.length]!;

export type StreetKind = 'arterial' | 'downtown' | 'suburban' | 'court';

/** Name of a street line; arterial lines keep one name across the town. */
export function streetName(kind: StreetKind, key: string, index = 0): string {
  switch (kind) {
    case 'arterial': {
      const suffix = pickBy(['Blvd', 'Ave', 'Rd', 'Expy', 'Real'], `sfx:${key}`);
      return suffix === 'Real' ? `Camino ${pickBy(PEOPLE, key)}` : `${pickBy(PEOPLE, key)} ${suffix}`;
    }
    case 'downtown':
      return index >= 0 && index < ORDINALS.length && key.startsWith('u')
        ? `${ORDINALS[index]} Ave`
        : `${pickBy([...TREES, ...PEOPLE], key)} St`;
    case 'suburban':
      return `${pickBy([...TREES, ...PEOPLE], key)} ${pickBy(['Dr', 'Way', 'Ln', 'Ave', 'Pl', 'Rd'], `s:${key}`)}`;
    case 'court':
      return `${pickBy([...TREES, ...PEOPLE], key)} ${pickBy(['Ct', 'Cir', 'Ct', 'Pl'], `c:${key}`)}`;
  }
}

const DISTRICT_NAMES = [
  'Old Town',
  'Harbor Flats',
  'Laurel Heights',
  'Eaton Park',
  'Sequoia Ridge',
  'Bayshore',
  'Cipriani Hills',
  'Devonshire',
  'Greenwood',
  'Orchard Gardens',
  'Crestview',
  'Marina Point',
];

export function districtName(index: number): string {
  return (
    DISTRICT_NAMES[index % DISTRICT_NAMES.length]! +
    (index >= DISTRICT_NAMES.length ? ` ${1 + Math.floor(index / DISTRICT_NAMES.length)}` : '')
  );
}

export type FacilityType =
  | 'hospital'
  | 'school'
  | 'fire_station'
  | 'police'
  | 'nursing_home'
  | 'dialysis_centre'
  | 'university'
  | 'government';

const FACILITY_PATTERNS: Readonly<Record<FacilityType, readonly string[]>> = {
  hospital: ['{n} General Hospital', '{n} Medical Center', 'Peninsula {n} Hospital'],
  school: ['{n} Elementary School', '{n} Middle School', '{n} High School'],
  fire_station: ['Fire Station {i}'],
  police: ['{n} Police Station', 'Police Substation {i}'],
  nursing_home: ['{n} Care Center', '{n} Senior Living', '{n} Convalescent Home'],
  dialysis_centre: ['{n} Dialysis Center', '{n} Kidney Care'],
  university: ['{n} College', 'University of {n}'],
  government: ['City Hall', '{n} Civic Center', '{n} Public Works Yard'],
};

export function facilityName(type: FacilityType, index: number, key: string): string {
  const pattern = pickBy(FACILITY_PATTERNS[type], `${type}:${key}`);
  return pattern.replace('{n}', pickBy([...TREES, ...PEOPLE], `fn:${key}`)).replace('{i}', String(index + 1));
}
