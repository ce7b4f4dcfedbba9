// Test and evaluation only: the City of Kitchener mains (shared/data/kitchener-watermains-breaks,
// SOURCE.md) as imputation input. The CSV has no geometry, so the only neighbours are mains on the same
// ROADSEGMENTID (our `street`); attribute relationships come from pressure zone, ownership (the Region
// owns the trunk mains), acquisition (DONATED = built by a subdivision developer), lining and length.
// Left out: MAP_LABEL (it spells out size and material: a leak), Condition Score and CRITICALITY (utility
// scores derived from age and material).
import { KITCHENER_MAINS, kitchenerPipes, parseCsv } from '../../lof/testing/kitchener.ts';
import type { ImputePipe } from '../types.ts';

export { KITCHENER_MAINS };

export function kitchenerImputePipes(mainsCsv: string): ImputePipe[] {
  const [header, ...rows] = parseCsv(mainsCsv);
  const col = (name: string) => header!.indexOf(name);
  const [id, segment, ownership, acquisition, lined] = [
    'WATMAINID',
    'ROADSEGMENTID',
    'OWNERSHIP',
    'ACQUISITION',
    'LINED',
  ].map(col) as [number, number, number, number, number];
  const extra = new Map(rows.map((r) => [r[id]!, r]));
  return kitchenerPipes(mainsCsv).map((p) => {
    const r = extra.get(p.id)!;
    return {
      id: p.id,
      lengthM: p.lengthM,
      diameterMm: p.diameterMm,
      installYear: p.installYear,
      materialTypeCode: p.material,
      street: r[segment] || null,
      attributes: {
        pressureZone: p.attributes?.['pressureZone'] ?? null,
        ownership: r[ownership] || null,
        acquisition: r[acquisition] || null,
        lined: r[lined] || null,
      },
    };
  });
}
