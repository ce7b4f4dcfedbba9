import { describe, expect, it } from 'vitest';
import { nodesFromEnds } from './nodes.ts';

// About 0.1 m of latitude, and 1 m.
const DEG_PER_M = 1 / 111_320;
const at = (north: number, east = 0): [number, number] => [
  -122.23 + east * DEG_PER_M * 1.26,
  37.49 + north * DEG_PER_M,
];

describe('nodesFromEnds', () => {
  it('joins ends within the tolerance and keeps farther ones apart', () => {
    const nodes = nodesFromEnds([
      { start: at(0), end: at(100) },
      { start: at(100.3), end: at(200) }, // 0.3 m from the first pipe's end: joined
      { start: at(201), end: at(300) }, // 1 m away: a node of its own
    ]);
    expect(nodes).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 3, to: 4 },
    ]);
  });

  it('honours a wider tolerance and handles no pipes', () => {
    const nodes = nodesFromEnds(
      [
        { start: at(0), end: at(100) },
        { start: at(101), end: at(200) },
      ],
      2,
    );
    expect(nodes[1]!.from).toBe(nodes[0]!.to);
    expect(nodesFromEnds([])).toEqual([]);
  });
});
