import { describe, expect, it } from 'vitest';
import { planMapRoom, type MapRoomInput } from './map-room.ts';

const closed: MapRoomInput = {
  windowWidth: 1280,
  navCollapsed: false,
  viewMenuOpen: false,
  filtersOpen: false,
  detailsOpen: false,
  plannerOpen: false,
};

describe('planMapRoom (issue 36: the map keeps half the window)', () => {
  it('leaves the map pages without the planner as they are', () => {
    expect(planMapRoom({ ...closed, filtersOpen: true, detailsOpen: true })).toEqual({
      foldNav: false,
      dock: false,
      mapWidth: 1280 - 248 - 72 - 400 - 400,
    });
  });

  it('folds the drawer first: the planner alone at 1280 px', () => {
    // 1280 − 248 − 72 − 448 = 512 < 640; folded, 1280 − 64 − 72 − 448 = 696.
    expect(planMapRoom({ ...closed, plannerOpen: true })).toEqual({
      foldNav: true,
      dock: false,
      mapWidth: 696,
    });
  });

  it('docks the filters with the planner at 1280 × 800, the case that left the map 112 px', () => {
    const room = planMapRoom({ ...closed, plannerOpen: true, filtersOpen: true });
    expect(room).toEqual({ foldNav: true, dock: true, mapWidth: 696 });
    expect(room.mapWidth).toBeGreaterThanOrEqual(640);
  });

  it('docks the details too, and the same at 1600 px, where folding alone leaves 616 px of 1600', () => {
    expect(planMapRoom({ ...closed, plannerOpen: true, filtersOpen: true, detailsOpen: true })).toMatchObject(
      {
        dock: true,
        mapWidth: 696,
      },
    );
    expect(planMapRoom({ ...closed, windowWidth: 1600, plannerOpen: true, filtersOpen: true })).toEqual({
      foldNav: true,
      dock: true,
      mapWidth: 1016,
    });
  });

  it('changes nothing where everything fits', () => {
    expect(planMapRoom({ ...closed, windowWidth: 2560, plannerOpen: true, filtersOpen: true })).toEqual({
      foldNav: false,
      dock: false,
      mapWidth: 2560 - 248 - 72 - 400 - 448,
    });
    // The user's folded drawer counts: 1600 − 64 − 72 − 448 = 1016 with the planner alone.
    expect(
      planMapRoom({ ...closed, windowWidth: 1600, navCollapsed: true, plannerOpen: true }),
    ).toMatchObject({
      foldNav: false,
      dock: false,
    });
  });

  it('keeps the planner column as the map gives way on a small window, with nothing more to fold', () => {
    expect(planMapRoom({ ...closed, windowWidth: 1000, plannerOpen: true })).toEqual({
      foldNav: true,
      dock: false,
      mapWidth: 1000 - 64 - 72 - 448,
    });
  });
});
