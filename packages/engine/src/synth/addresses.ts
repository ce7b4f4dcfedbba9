// Street names per street line and US-style block addresses ("1200 Laurel Ave"): the block number grows
// by 100 every ~110 m along the lattice axis the street follows, counted from the town centre.
import type { Xy } from './geo.ts';
import { streetName } from './names.ts';
import type { StreetEdge, StreetGraph } from './streets.ts';

const BLOCK_M = 110;

export function streetNameOf(streets: StreetGraph, edge: StreetEdge): string {
  if (/^[HV]-?\d/.test(edge.line)) return streetName('arterial', `${streets.lattice.seed}:${edge.line}`);
  if (edge.court) return streetName('court', `${streets.lattice.seed}:${edge.line}`);
  const style = streets.patches[edge.patch]!.style;
  const key = `${streets.lattice.seed}:${edge.line}`;
  if (style === 'downtown') {
    const [row, j] = edge.line.slice(1).split(':').map(Number);
    return streetName(
      'downtown',
      edge.line.startsWith('u') ? `u${key}` : key,
      (((row! * 5 + j!) % 20) + 20) % 20,
    );
  }
  return streetName('suburban', key);
}

export function blockNumber(streets: StreetGraph, edge: StreetEdge, at: Xy): number {
  const { axisU, axisV } = streets.lattice;
  const axis = edge.line.startsWith('v') || edge.line.startsWith('V') ? axisV : axisU;
  const along = Math.abs(at[0] * axis[0] + at[1] * axis[1]);
  return 100 * (1 + Math.floor(along / BLOCK_M));
}
