// From streets to pipes: one pipe per street link between intersections, long links split into pieces
// of at most MAX_PIPE_M at slightly jittered points (new degree-2 junctions), all in metres.
import { type Xy, polylineLength, splitPolyline } from './geo.ts';
import { streamFor, uniform } from './rng.ts';
import type { RoadType, StreetGraph } from './streets.ts';

export interface NetPipe {
  readonly a: number;
  readonly b: number;
  readonly points: Xy[];
  /** Index of the street link it lies on. */
  readonly street: number;
  readonly road: RoadType;
  readonly patch: number;
}

export interface PipeNet {
  readonly nodes: Xy[];
  readonly nodePatch: number[];
  readonly pipes: NetPipe[];
  /** Pipe indices at each node. */
  readonly incident: number[][];
}

export function splitIntoPipes(seed: number, streets: StreetGraph): PipeNet {
  const nodes = [...streets.nodes];
  const nodePatch = [...streets.nodePatch];
  const pipes: NetPipe[] = [];
  streets.edges.forEach((edge, s) => {
    const length = polylineLength(edge.points);
    const n = edge.pieces;
    const random = streamFor(seed, 'split', s);
    const cuts = Array.from(
      { length: n - 1 },
      (_, k) => (length * (k + 1 + uniform(random, -0.15, 0.15))) / n,
    );
    const parts = splitPolyline(edge.points, cuts);
    let from = edge.a;
    parts.forEach((points, k) => {
      let to = edge.b;
      if (k < parts.length - 1) {
        to = nodes.length;
        nodes.push(points[points.length - 1]!);
        nodePatch.push(edge.patch);
      }
      pipes.push({ a: from, b: to, points, street: s, road: edge.road, patch: edge.patch });
      from = to;
    });
  });
  const incident: number[][] = Array.from({ length: nodes.length }, () => []);
  pipes.forEach((p, i) => {
    incident[p.a]!.push(i);
    incident[p.b]!.push(i);
  });
  return { nodes, nodePatch, pipes, incident };
}
