// The generated demo town: plain serialisable data (no classes, no Maps), lon/lat (EPSG:4326) geometry,
// SI units in the names.
import type { MaterialCode } from '@pipewise/domain';
import type { InpModel } from '../epanet/inp-types.ts';
import type { LonLat } from './geo.ts';
import type { FacilityType } from './names.ts';
import type { StyleName } from './styles.ts';
import type { RoadType } from './streets.ts';

export interface GenerateCityOptions {
  readonly seed: number;
  /** Target number of pipes (the result is within ±5 %). */
  readonly pipes: number;
  /** [lng, lat]; default the spec's default map centre (37.49 N, 122.23 W). */
  readonly center?: LonLat;
  /** End of the break history (exclusive month) and the "current" year for ages. */
  readonly asOf: { readonly year: number; readonly month: number };
  /** Share of install years, materials and diameters hidden for imputation; default 0.08. */
  readonly missingRate?: number;
}

export interface LineString {
  readonly type: 'LineString';
  readonly coordinates: LonLat[];
}
export interface Point {
  readonly type: 'Point';
  readonly coordinates: LonLat;
}
export interface Polygon {
  readonly type: 'Polygon';
  readonly coordinates: LonLat[][];
}
export interface MultiPolygon {
  readonly type: 'MultiPolygon';
  readonly coordinates: LonLat[][][];
}

export interface SynthStreet {
  readonly id: string;
  readonly name: string;
  readonly roadType: RoadType;
  readonly neighbourhood: StyleName;
  readonly culDeSac: boolean;
  readonly geometry: LineString;
}

export interface SynthPipe {
  readonly id: string;
  readonly nativePipeId: string;
  readonly geometry: LineString;
  readonly lengthM: number;
  readonly diameterMm: number | null;
  readonly installYear: number | null;
  readonly materialTypeCode: MaterialCode | null;
  readonly address: string;
  readonly roadType: RoadType;
  /** 'transmission' for mains along arterials and source connections, else 'distribution'. */
  readonly pipeClass: 'transmission' | 'distribution';
  readonly neighbourhood: StyleName;
  readonly pressureZone: string;
  readonly staticPressureKpa: number;
  /** Soil corrosivity class 1 (low) … 4 (very high). */
  readonly soilCorrosivity: 1 | 2 | 3 | 4;
  readonly fromNode: string;
  readonly toNode: string;
  /** Normally closed (pressure-zone boundary). */
  readonly closed: boolean;
  readonly breakCount: number;
}

export interface SynthNode {
  readonly id: string;
  readonly kind: 'junction' | 'tank' | 'reservoir';
  readonly coordinates: LonLat;
  readonly elevationM: number;
  readonly demandLps: number;
  readonly population: number;
  readonly pressureZone: string;
}

export interface SynthValve {
  readonly id: string;
  readonly nativeValveId: string;
  readonly pipeId: string;
  readonly nativePipeId: string;
  readonly nodeId: string;
  readonly geometry: Point;
  readonly installYear: number;
  readonly diameterMm: number;
  readonly valveType: 'gate' | 'butterfly';
  readonly operable: boolean;
  readonly normallyClosed: boolean;
}

export interface SynthPointAsset {
  readonly id: string;
  readonly name: string;
  readonly geometry: Point;
  readonly nodeId?: string;
  readonly pipeId?: string;
}

export interface SynthStorage extends SynthPointAsset {
  readonly kind: 'tank';
  readonly pressureZone: string;
  readonly groundElevationM: number;
  readonly bottomElevationM: number;
  readonly maxLevelM: number;
  readonly diameterM: number;
}

export interface SynthPlant extends SynthPointAsset {
  readonly capacityLps: number;
  readonly headM: number;
  readonly pressureZone: string;
}

export interface SynthFacility extends SynthPointAsset {
  readonly type: FacilityType;
}

export interface SynthPopulationRegion {
  readonly id: string;
  readonly nativeId: string;
  readonly geometry: Polygon;
  readonly neighbourhood: StyleName;
  /** Annual growth rate used for the projection. */
  readonly growthRate: number;
  /** Residents by year: base 2025, then 2030–2050 every 5 years (JP; US uses 2030/2040/2050). */
  readonly population: Readonly<Record<string, number>>;
  /** % change against 2025. */
  readonly rateOfChange: Readonly<Record<string, number>>;
}

export interface SynthArea {
  readonly id: string;
  readonly nativeId: string;
  readonly name: string;
  readonly geometry: Polygon | MultiPolygon;
}

export interface SynthBreak {
  readonly id: string;
  readonly pipeId: string;
  readonly nativePipeId: string;
  /** ISO date (YYYY-MM-DD). */
  readonly date: string;
}

export interface SynthMaskedValue {
  readonly pipeId: string;
  readonly installYear?: number;
  readonly materialTypeCode?: MaterialCode;
  readonly diameterMm?: number;
}

export interface SynthMetadata {
  readonly synthetic: true;
  readonly note: string;
  readonly generator: string;
  readonly generatorVersion: string;
  readonly seed: number;
  readonly targetPipes: number;
  readonly center: LonLat;
  readonly asOf: { readonly year: number; readonly month: number };
  readonly missingRate: number;
  readonly crs: 'EPSG:4326';
  readonly counts: Readonly<Record<string, number>>;
  readonly totalLengthKm: number;
  readonly neighbourhoods: readonly {
    name: StyleName;
    label: string;
    era: [number, number];
    superblocks: number;
  }[];
  readonly pressureZones: readonly { id: string; hglM: number; nodes: number }[];
  readonly hazardModel: unknown;
  readonly breakStats: {
    readonly breaks: number;
    readonly kmYears: number;
    readonly ratePerKmYear: number;
    readonly byMaterial: Readonly<Record<string, { breaks: number; kmYears: number; ratePerKmYear: number }>>;
  };
  readonly missing: Readonly<Record<'installYear' | 'materialTypeCode' | 'diameterMm', number>>;
}

export interface SynthCity {
  readonly metadata: SynthMetadata;
  readonly streets: SynthStreet[];
  readonly pipes: SynthPipe[];
  readonly nodes: SynthNode[];
  readonly valves: SynthValve[];
  readonly hydrants: SynthPointAsset[];
  readonly reservoirs: SynthStorage[];
  readonly purificationPlants: SynthPlant[];
  readonly criticalFacilities: SynthFacility[];
  readonly population: SynthPopulationRegion[];
  readonly districts: SynthArea[];
  readonly mesh: SynthArea[];
  readonly supplyAreas: SynthArea[];
  readonly drains: SynthPointAsset[];
  readonly breaks: SynthBreak[];
  /** The true values of the attributes set to null, to score imputation. */
  readonly maskedTruth: SynthMaskedValue[];
  /** EPANET model of the same network (write it with writeInp). */
  readonly epanet: InpModel;
}
