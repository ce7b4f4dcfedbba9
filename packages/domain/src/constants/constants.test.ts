import { describe, expect, it } from 'vitest';
import {
  CUM_BREAK_STEPS,
  LOF_MONTHS,
  LOF_RANK_OUT_OF_RANGE,
  MATERIAL,
  MATERIAL_SHORT_LABELS,
  PERMISSION_GROUP,
  ROLE,
  SENTINEL_HIGH,
  SENTINEL_LOW,
  SUBSCRIPTIONS,
} from './codes.ts';
import { DELAYS, TOAST_MS } from './timing.ts';

describe('spec constants (CHECKLIST section 20)', () => {
  it('has the LOF horizons, cumulative break steps, sentinels and out-of-range rank (CONST-01…04)', () => {
    expect(LOF_MONTHS).toEqual([12, 24, 36, 60]);
    expect(CUM_BREAK_STEPS).toEqual([20, 40, 60, 80, 100]);
    expect([SENTINEL_HIGH, SENTINEL_LOW]).toEqual([999999999, -999999999]);
    expect(LOF_RANK_OUT_OF_RANGE).toBe(333);
  });

  it('numbers the materials and gives their short labels in code order (CONST-05/06)', () => {
    expect(MATERIAL).toEqual({
      CAST_IRON: 0,
      STEEL: 1,
      DUCTILE_IRON: 2,
      ASBESTOS_CEMENT: 3,
      PLASTIC: 4,
      CONCRETE: 5,
      UNKNOWN: 6,
      OTHER: 7,
      PVC: 8,
      PEHDPE: 9,
      PCRC: 10,
    });
    expect(MATERIAL_SHORT_LABELS[MATERIAL.CAST_IRON]).toBe('CAS');
    expect(MATERIAL_SHORT_LABELS[MATERIAL.PCRC]).toBe('PCRC');
    expect(MATERIAL_SHORT_LABELS).toEqual([
      'CAS',
      'SP',
      'DIP',
      'AC',
      'PLASTIC',
      'CON',
      'UNK',
      'OTH',
      'PVC',
      'PEHDPE',
      'PCRC',
    ]);
  });

  it('waits 200 ms to fetch, 500 ms for map idle and clears an expansion after 333 ms (CONST-07…09)', () => {
    expect(DELAYS.fetchMs).toBe(200);
    expect(DELAYS.mapIdleMs).toBe(500);
    expect(DELAYS.expansionClearMs).toBe(333);
  });

  it('shows toasts for 2, 3, 3.3 or 5 s (TOAST-02)', () => {
    expect(Object.values(TOAST_MS).sort((a, b) => a - b)).toEqual([2_000, 3_000, 3_300, 5_000]);
  });

  it('has the permission groups, the role lookup and the subscriptions of spec §6 (ROLE-02/03, SUB-01)', () => {
    expect(PERMISSION_GROUP).toEqual({ ADMINISTRATOR: 1, WORKER: 2, VIEWER: 3, SUPERADMIN: 4, INSPECTOR: 5 });
    expect(ROLE).toEqual({ admin: 1, worker: 2, viewOnly: 3 });
    expect(SUBSCRIPTIONS).toEqual(['COF', 'BRE', 'LOF', 'RUL', 'VP', 'POPULATION', 'JOB_PLANNER', 'VIS']);
  });
});
