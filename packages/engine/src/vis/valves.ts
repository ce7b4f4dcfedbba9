// Isolation valves as WNTR's valve layer defines them: a valve sits on a link next to one of its end
// nodes, and closing it separates that link from that node (wntr.network.generate_valve_layer;
// see ../shared/data/wntr-net3-valve-segments/SOURCE.md "Semantics").
import type { Topology } from '../network/topology.ts';

export interface IsolationValve {
  readonly id: string;
  readonly linkId: string;
  readonly nodeId: string;
  /** False for a valve that cannot be turned (seized, buried, missing): it does not isolate. Default true. */
  readonly operable?: boolean;
  /** Normally closed (zone boundary): it isolates and never needs closing. Default false. */
  readonly closed?: boolean;
}

export interface ValveProblem {
  readonly valveId: string;
  readonly message: string;
}

/** Valves resolved to dense indices; index i refers to `valves[source[i]]` of the input. */
export interface ResolvedValves {
  readonly ids: readonly string[];
  readonly source: Int32Array;
  readonly link: Int32Array;
  readonly node: Int32Array;
  /** 1 when the valve cuts its link from its node: operable, or closed (even if seized closed). */
  readonly isolates: Uint8Array;
  readonly closed: Uint8Array;
  readonly problems: readonly ValveProblem[];
}

export function resolveValves(topology: Topology, valves: readonly IsolationValve[]): ResolvedValves {
  const ids: string[] = [];
  const source: number[] = [];
  const link: number[] = [];
  const node: number[] = [];
  const isolates: number[] = [];
  const closed: number[] = [];
  const problems: ValveProblem[] = [];
  valves.forEach((valve, i) => {
    const l = topology.linkIndex.get(valve.linkId);
    const a = topology.nodeIndex.get(valve.nodeId);
    if (l === undefined)
      return problems.push({ valveId: valve.id, message: `unknown link '${valve.linkId}'` });
    if (a === undefined)
      return problems.push({ valveId: valve.id, message: `unknown node '${valve.nodeId}'` });
    if (topology.linkFrom[l] !== a && topology.linkTo[l] !== a) {
      return problems.push({
        valveId: valve.id,
        message: `node '${valve.nodeId}' is not an end of '${valve.linkId}'`,
      });
    }
    const isClosed = valve.closed === true;
    ids.push(valve.id);
    source.push(i);
    link.push(l);
    node.push(a);
    closed.push(isClosed ? 1 : 0);
    isolates.push(isClosed || valve.operable !== false ? 1 : 0);
  });
  return {
    ids,
    source: Int32Array.from(source),
    link: Int32Array.from(link),
    node: Int32Array.from(node),
    isolates: Uint8Array.from(isolates),
    closed: Uint8Array.from(closed),
    problems,
  };
}
