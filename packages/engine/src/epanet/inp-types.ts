// Typed model of an EPANET 2.2 input file (EPANET 2.2 manual, appendix C "Input file format").
// Lengths, elevations and diameters are converted to SI (m, mm) as ARCHITECTURE.md stores them;
// flows keep the file's flow units next to an L/s value so nothing is lost.

/** Flow units of [OPTIONS] UNITS; the first five make the whole file US customary (manual §C, OPTIONS). */
export type FlowUnits =
  'CFS' | 'GPM' | 'MGD' | 'IMGD' | 'AFD' | 'LPS' | 'LPM' | 'MLD' | 'CMH' | 'CMD' | 'CMS';
export type UnitSystem = 'US' | 'SI';

export type PipeStatus = 'OPEN' | 'CLOSED' | 'CV';
export type ValveType = 'PRV' | 'PSV' | 'PBV' | 'FCV' | 'TCV' | 'GPV';

export interface InpJunction {
  readonly id: string;
  readonly elevationM: number;
  /** Base demand in the file's flow units. */
  readonly baseDemand: number;
  readonly baseDemandLps: number;
  readonly patternId: string | null;
}

export interface InpReservoir {
  readonly id: string;
  readonly headM: number;
  readonly patternId: string | null;
}

export interface InpTank {
  readonly id: string;
  readonly elevationM: number;
  readonly initLevelM: number;
  readonly minLevelM: number;
  readonly maxLevelM: number;
  readonly diameterM: number;
  /** Minimum volume in m³. */
  readonly minVolumeM3: number;
  readonly volumeCurveId: string | null;
}

export interface InpPipe {
  readonly id: string;
  readonly node1: string;
  readonly node2: string;
  readonly lengthM: number;
  readonly diameterMm: number;
  /** Hazen-Williams C, Darcy-Weisbach roughness (mm or millifeet) or Chezy-Manning n: as written. */
  readonly roughness: number;
  readonly minorLoss: number;
  readonly status: PipeStatus;
}

export interface InpPump {
  readonly id: string;
  readonly node1: string;
  readonly node2: string;
  readonly headCurveId: string | null;
  readonly powerKw: number | null;
  readonly speed: number | null;
  readonly patternId: string | null;
}

export interface InpValve {
  readonly id: string;
  readonly node1: string;
  readonly node2: string;
  readonly diameterMm: number;
  readonly type: ValveType;
  /** Numeric setting in the file's units; for a GPV the setting is a head-loss curve id instead. */
  readonly setting: number | null;
  readonly curveId: string | null;
  readonly minorLoss: number;
}

export interface InpDemand {
  readonly junctionId: string;
  readonly baseDemand: number;
  readonly baseDemandLps: number;
  readonly patternId: string | null;
  readonly category: string | null;
}

export interface InpStatus {
  readonly linkId: string;
  readonly status: 'OPEN' | 'CLOSED' | 'ACTIVE' | null;
  readonly setting: number | null;
}

export interface InpPoint {
  readonly x: number;
  readonly y: number;
}

export interface InpCoordinate extends InpPoint {
  readonly nodeId: string;
}

export interface InpTag {
  readonly kind: 'NODE' | 'LINK';
  readonly id: string;
  readonly tag: string;
}

export interface InpOptions {
  readonly flowUnits: FlowUnits;
  readonly unitSystem: UnitSystem;
  readonly headloss: string | null;
  /** Every OPTIONS line, keyword (upper case) → rest of the line. */
  readonly raw: Readonly<Record<string, string>>;
}

export interface InpModel {
  readonly title: readonly string[];
  readonly options: InpOptions;
  readonly junctions: readonly InpJunction[];
  readonly reservoirs: readonly InpReservoir[];
  readonly tanks: readonly InpTank[];
  readonly pipes: readonly InpPipe[];
  readonly pumps: readonly InpPump[];
  readonly valves: readonly InpValve[];
  readonly demands: readonly InpDemand[];
  readonly status: readonly InpStatus[];
  readonly coordinates: readonly InpCoordinate[];
  /** Intermediate pipe points in file order, grouped by link id. */
  readonly vertices: Readonly<Record<string, readonly InpPoint[]>>;
  readonly tags: readonly InpTag[];
  /** Sections this parser does not interpret (PATTERNS, CURVES, CONTROLS…), kept as raw lines. */
  readonly otherSections: Readonly<Record<string, readonly string[]>>;
}

/** One problem in the input, precise enough to fix the file by hand. */
export interface InpParseError {
  readonly line: number;
  readonly section: string | null;
  readonly field: string | null;
  readonly message: string;
}

export type InpParseResult =
  | { readonly ok: true; readonly model: InpModel }
  | { readonly ok: false; readonly errors: readonly InpParseError[]; readonly truncated: boolean };
