// Test-data builder (STYLE.md: never wire a topology by hand in every test). Nodes named by pipes are
// created as junctions on first mention; sources must be declared.
import type { IsolationValve } from '../vis/valves.ts';
import type { PipeVisAttributes } from '../vis/segment-summary.ts';
import {
  LinkKind,
  type LinkInput,
  NodeKind,
  type NodeInput,
  type Topology,
  buildTopology,
} from './topology.ts';

export interface BuilderPipeOptions extends PipeVisAttributes {
  readonly lengthM?: number;
  readonly closed?: boolean;
  readonly kind?: LinkKind;
}

export interface BuilderNodeOptions {
  readonly kind?: NodeKind;
  readonly population?: number;
}

export interface BuilderValveOptions {
  readonly pipe: string;
  readonly node: string;
  readonly operable?: boolean;
  readonly closed?: boolean;
}

export interface BuiltNetwork {
  readonly topology: Topology;
  readonly valves: readonly IsolationValve[];
  readonly pipeAttributes: Readonly<Record<string, PipeVisAttributes>>;
  readonly nodePopulation: Readonly<Record<string, number>>;
}

export class NetworkBuilder {
  private readonly nodes = new Map<string, NodeInput>();
  private readonly links: LinkInput[] = [];
  private readonly valves: IsolationValve[] = [];
  private readonly pipeAttributes: Record<string, PipeVisAttributes> = {};
  private readonly nodePopulation: Record<string, number> = {};

  node(id: string, options: BuilderNodeOptions = {}): this {
    this.nodes.set(id, { id, kind: options.kind ?? NodeKind.Junction });
    if (options.population !== undefined) this.nodePopulation[id] = options.population;
    return this;
  }

  reservoir(id: string): this {
    return this.node(id, { kind: NodeKind.Reservoir });
  }

  tank(id: string): this {
    return this.node(id, { kind: NodeKind.Tank });
  }

  pipe(id: string, from: string, to: string, options: BuilderPipeOptions = {}): this {
    for (const node of [from, to]) if (!this.nodes.has(node)) this.node(node);
    const { lengthM, closed, kind, ...attributes } = options;
    this.links.push({
      id,
      from,
      to,
      kind: kind ?? LinkKind.Pipe,
      lengthM: lengthM ?? 0,
      closed: closed ?? false,
    });
    if (Object.keys(attributes).length > 0) this.pipeAttributes[id] = attributes;
    return this;
  }

  /** A chain of pipes through the given nodes, named `${prefix}1`, `${prefix}2`, … */
  chain(prefix: string, nodes: readonly string[], options: BuilderPipeOptions = {}): this {
    for (let i = 1; i < nodes.length; i++) this.pipe(`${prefix}${i}`, nodes[i - 1]!, nodes[i]!, options);
    return this;
  }

  valve(id: string, options: BuilderValveOptions): this {
    this.valves.push({
      id,
      linkId: options.pipe,
      nodeId: options.node,
      operable: options.operable ?? true,
      closed: options.closed ?? false,
    });
    return this;
  }

  build(): BuiltNetwork {
    return {
      topology: buildTopology([...this.nodes.values()], this.links),
      valves: [...this.valves],
      pipeAttributes: { ...this.pipeAttributes },
      nodePopulation: { ...this.nodePopulation },
    };
  }
}
