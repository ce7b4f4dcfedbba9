// Real networks from ../shared/data (see each folder's SOURCE.md for provenance and the expected counts).
import { describe, expect, it } from 'vitest';
import { SHARED_DATA_SKIP_REASON, hasSharedData, readSharedText } from '../testing/shared-data.ts';
import { createInpParser, formatInpError, parseInp } from './inp-parser.ts';

if (!hasSharedData) console.warn(SHARED_DATA_SKIP_REASON);

// [file, junctions, reservoirs, tanks, pipes, pumps, valves] from the SOURCE.md statistics tables.
const EXPECTED: readonly (readonly [string, number, number, number, number, number, number])[] = [
  ['epanet-public/Net1.inp', 9, 1, 1, 12, 1, 0],
  ['epanet-public/Net3.inp', 92, 2, 3, 117, 2, 0],
  ['epanet-public/CTOWN.INP', 388, 1, 7, 429, 11, 4],
  ['epanet-public/L-TOWN.inp', 782, 2, 1, 905, 1, 3],
  ['epanet-public/MICROPOLIS_v1.inp', 1574, 2, 1, 1415, 8, 196],
  ['epanet-public/KL.inp', 935, 1, 0, 1274, 0, 0],
  ['epanet-public/01-uk-style.inp', 136, 1, 1, 154, 1, 1],
  ['epanet-public/02-us-style.inp', 129, 2, 1, 168, 0, 1],
  ['epanet-kentucky/ky1.inp', 856, 1, 2, 984, 1, 0],
  ['epanet-kentucky/ky2.inp', 811, 1, 3, 1124, 1, 0],
  ['epanet-kentucky/ky3.inp', 269, 3, 3, 366, 5, 0],
  ['epanet-kentucky/ky4.inp', 959, 1, 4, 1156, 2, 0],
  ['epanet-kentucky/ky5.inp', 420, 4, 3, 496, 9, 0],
  ['epanet-kentucky/ky6.inp', 543, 2, 3, 644, 2, 1],
  ['epanet-kentucky/ky7.inp', 481, 1, 3, 603, 1, 0],
  ['epanet-kentucky/ky8.inp', 1325, 2, 5, 1614, 4, 0],
  ['epanet-kentucky/ky9.inp', 1242, 4, 15, 1270, 17, 56],
  ['epanet-kentucky/ky10.inp', 920, 2, 13, 1043, 13, 5],
  ['epanet-kentucky/ky11.inp', 802, 1, 28, 846, 21, 15],
  ['epanet-kentucky/ky12.inp', 2347, 1, 7, 2426, 15, 22],
  ['epanet-kentucky/ky13.inp', 778, 2, 5, 940, 4, 0],
  ['epanet-kentucky/ky14.inp', 377, 4, 3, 548, 5, 0],
  ['epanet-kentucky/ky15.inp', 659, 2, 8, 662, 13, 28],
  ['epanet-kentucky/ky16.inp', 791, 3, 4, 908, 7, 0],
  ['epanet-kentucky/ky17.inp', 6257, 1, 3, 6575, 5, 0],
];

describe.skipIf(!hasSharedData)('parseInp on public networks', () => {
  it.each(EXPECTED)(
    '%s parses with the published counts',
    (file, junctions, reservoirs, tanks, pipes, pumps, valves) => {
      const result = parseInp(readSharedText(file));
      if (!result.ok) throw new Error(result.errors.slice(0, 5).map(formatInpError).join('\n'));
      const m = result.model;
      expect([m.junctions, m.reservoirs, m.tanks, m.pipes, m.pumps, m.valves].map((a) => a.length)).toEqual([
        junctions,
        reservoirs,
        tanks,
        pipes,
        pumps,
        valves,
      ]);
      expect(m.coordinates).toHaveLength(junctions + reservoirs + tanks);
    },
  );

  it('converts Net1 (GPM, ft/in) to metres and millimetres', () => {
    const result = parseInp(readSharedText('epanet-public/Net1.inp'));
    if (!result.ok) throw new Error('Net1 must parse');
    const pipe10 = result.model.pipes.find((p) => p.id === '10')!;
    expect(pipe10.lengthM).toBeCloseTo(10530 * 0.3048, 6);
    expect(pipe10.diameterMm).toBeCloseTo(18 * 25.4, 6);
  });

  it('keeps lon/lat coordinates of 01-uk-style as written', () => {
    const result = parseInp(readSharedText('epanet-public/01-uk-style.inp'));
    if (!result.ok) throw new Error('01-uk-style must parse');
    expect(result.model.coordinates[0]).toEqual({ nodeId: 'J1', x: -4.3827615, y: 55.9108906 });
    expect(result.model.options.flowUnits).toBe('LPS');
  });

  it('rejects wolf-initial-fig.inp (EPANET 1.x pumps) naming line and field', () => {
    const result = parseInp(readSharedText('epanet-public/wolf-initial-fig.inp'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ line: 3780, section: 'PUMPS', field: 'keyword' });
    expect(formatInpError(result.errors[0]!)).toBe(
      "line 3780 [PUMPS] keyword: old EPANET 1.x pump syntax: expected HEAD, POWER, SPEED or PATTERN, got '233.0'",
    );
  });
});

describe.skipIf(!hasSharedData)('streaming', () => {
  it('parses ky17 (2.3 MB) fed in 64 KiB chunks to the same model', () => {
    const text = readSharedText('epanet-kentucky/ky17.inp');
    const parser = createInpParser();
    for (let i = 0; i < text.length; i += 65536) parser.push(text.slice(i, i + 65536));
    expect(parser.finish()).toEqual(parseInp(text));
  });
});
