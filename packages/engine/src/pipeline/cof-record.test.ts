// The stored COF record written key by key is the record the spread of its details and basis made (issue 41): same
// keys in the same order, same values.
import { describe, expect, it } from 'vitest';
import type { CofDetails } from '../cof/model.ts';
import { cofBasisRecord } from './cof-basis.ts';
import { COF_DETAIL_KEYS, cofRecord } from './cof-stage.ts';

describe('cofRecord', () => {
  it('equals { ...details, ...basis } in every calculation mode', () => {
    const details = Object.fromEntries(COF_DETAIL_KEYS.map((k, i) => [k, 1000 * i + 0.25]));
    const d = {
      ...details,
      pipeId: 'p1',
      segmentCustomers: 12.5,
      cutOffSegments: 2,
      dryJunctions: 0,
      facilitiesCutOff: ['f1', 'f2'],
      basis: {
        tier: 'd2',
        lengthM: 120,
        intense: true,
        repairRatePerM: 410,
        outageHours: 6,
        customerHourRate: 3.5,
        roadType: 'local',
        trafficRatePerHour: 80,
        facilityWeight: 1.5,
        facilityHourRate: 200,
        pressureFactor: 1.1,
        propertyDamageRate: 900,
        environmentRate: 50,
        nearWaterFactor: 2,
        customCofs: 0,
      },
    } as unknown as CofDetails;
    for (const kind of ['standard', 'valve', 'hydraulic'] as const) {
      const spread = {
        ...Object.fromEntries(COF_DETAIL_KEYS.map((k) => [k, d[k]])),
        ...cofBasisRecord(d, kind),
      };
      const record = cofRecord(d, kind);
      expect(Object.keys(record)).toEqual(Object.keys(spread));
      expect(record).toEqual(spread);
    }
  });
});
