// Rows as read, numbers still in the file's units: [OPTIONS] UNITS may come after the data it governs
// (it does in Net3.inp), so conversion waits until the whole file has been read.
import type { InpPoint, InpTag, PipeStatus, ValveType } from './inp-types.ts';

interface Located {
  readonly line: number;
}

export interface RawJunction extends Located {
  id: string;
  elevation: number;
  demand: number;
  patternId: string | null;
}
export interface RawReservoir extends Located {
  id: string;
  head: number;
  patternId: string | null;
}
export interface RawTank extends Located {
  id: string;
  elevation: number;
  initLevel: number;
  minLevel: number;
  maxLevel: number;
  diameter: number;
  minVolume: number;
  volumeCurveId: string | null;
}
export interface RawPipe extends Located {
  id: string;
  node1: string;
  node2: string;
  length: number;
  diameter: number;
  roughness: number;
  minorLoss: number;
  status: PipeStatus;
}
export interface RawPump extends Located {
  id: string;
  node1: string;
  node2: string;
  headCurveId: string | null;
  power: number | null;
  speed: number | null;
  patternId: string | null;
}
export interface RawValve extends Located {
  id: string;
  node1: string;
  node2: string;
  diameter: number;
  type: ValveType;
  setting: number | null;
  curveId: string | null;
  minorLoss: number;
}
export interface RawDemand extends Located {
  junctionId: string;
  demand: number;
  patternId: string | null;
  category: string | null;
}
export interface RawStatus extends Located {
  linkId: string;
  status: 'OPEN' | 'CLOSED' | 'ACTIVE' | null;
  setting: number | null;
}
export interface RawCoordinate extends Located, InpPoint {
  nodeId: string;
}
export interface RawVertex extends Located, InpPoint {
  linkId: string;
}

export interface RawInp {
  title: string[];
  options: Map<string, { value: string; line: number }>;
  junctions: RawJunction[];
  reservoirs: RawReservoir[];
  tanks: RawTank[];
  pipes: RawPipe[];
  pumps: RawPump[];
  valves: RawValve[];
  demands: RawDemand[];
  status: RawStatus[];
  coordinates: RawCoordinate[];
  vertices: RawVertex[];
  tags: (InpTag & Located)[];
  otherSections: Map<string, string[]>;
  /** Ids of rows that had errors: not reported again as unknown when referenced. */
  rejectedIds: Set<string>;
}

export function emptyRaw(): RawInp {
  return {
    title: [],
    options: new Map(),
    junctions: [],
    reservoirs: [],
    tanks: [],
    pipes: [],
    pumps: [],
    valves: [],
    demands: [],
    status: [],
    coordinates: [],
    vertices: [],
    tags: [],
    otherSections: new Map(),
    rejectedIds: new Set(),
  };
}
