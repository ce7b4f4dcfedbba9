import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { VIEW_DEFINITIONS, VIEW_ORDER } from '@pipewise/domain';
import { isMapViewAlias, MAP_VIEW_ALIASES, mapViewLoader } from './map-views.ts';

const args = (view?: string) =>
  ({ params: view === undefined ? {} : { view } }) as unknown as LoaderFunctionArgs;

describe('map view aliases (spec §2)', () => {
  it('has the 16 aliases and break-rate (issue 15), one per view', () => {
    expect(MAP_VIEW_ALIASES).toEqual(VIEW_ORDER.map((key) => VIEW_DEFINITIONS[key].alias));
    expect(MAP_VIEW_ALIASES).toHaveLength(17);
    expect(isMapViewAlias('population-change')).toBe(true);
    expect(isMapViewAlias('rank')).toBe(false);
  });

  it('accepts no view or a known view and 404s an unknown one in the map area', () => {
    expect(mapViewLoader(args())).toBeNull();
    expect(mapViewLoader(args('lof'))).toBeNull();
    expect(() => mapViewLoader(args('nope'))).toThrow(
      expect.objectContaining({
        init: expect.objectContaining({ status: 404 }),
        data: expect.objectContaining({ area: 'map' }),
      }),
    );
  });
});
