import { describe, expect, it } from 'vitest';
import { peopleFor, personOf } from './people.ts';

const person = (id: number, fullName: string, inspector: boolean) => ({
  id,
  fullName,
  email: `${fullName.toLowerCase()}@utility.example`,
  inspector,
});
const PEOPLE = [
  person(1, 'Ada', false),
  person(2, 'Ben', true),
  person(3, 'Cy', false),
  person(4, 'Dee', true),
];

describe('project people picker', () => {
  it('lists inspectors first for the inspector, by name within each group', () => {
    expect(peopleFor('inspector', PEOPLE).map((p) => p.fullName)).toEqual(['Ben', 'Dee', 'Ada', 'Cy']);
  });

  it('lists everyone by name for the manager', () => {
    expect(peopleFor('manager', PEOPLE).map((p) => p.fullName)).toEqual(['Ada', 'Ben', 'Cy', 'Dee']);
  });

  it('finds the picked user; free text (no id) is nobody of the client', () => {
    expect(personOf(PEOPLE, 4)?.fullName).toBe('Dee');
    expect(personOf(PEOPLE, null)).toBeUndefined();
    expect(personOf(undefined, 4)).toBeUndefined();
  });
});
