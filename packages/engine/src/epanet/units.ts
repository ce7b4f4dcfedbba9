// Unit handling for EPANET files. EPANET 2.2 manual, "Units of Measurement": with CFS, GPM, MGD, IMGD or
// AFD flow units every other quantity is US customary (lengths and heads in ft, diameters in in, power in hp);
// with LPS, LPM, MLD, CMH, CMD (and CMS, EPANET 2.3) everything is SI (m, mm, kW).
import type { FlowUnits, UnitSystem } from './inp-types.ts';

const FT_M = 0.3048;
const IN_MM = 25.4;
const FT3_M3 = FT_M ** 3;
const HP_KW = 0.745699872;

/** Litres per second in one unit of each flow unit. */
const LPS_PER_UNIT: Record<FlowUnits, number> = {
  CFS: 28.316846592,
  GPM: 0.0630901964,
  MGD: 43.812636388,
  IMGD: 52.616782407,
  AFD: 14.276410157,
  LPS: 1,
  LPM: 1 / 60,
  MLD: 1000 / 86.4,
  CMH: 1 / 3.6,
  CMD: 1 / 86.4,
  CMS: 1000,
};

export function isFlowUnits(value: string): value is FlowUnits {
  return Object.hasOwn(LPS_PER_UNIT, value);
}

export function unitSystemOf(flowUnits: FlowUnits): UnitSystem {
  switch (flowUnits) {
    case 'CFS':
    case 'GPM':
    case 'MGD':
    case 'IMGD':
    case 'AFD':
      return 'US';
    case 'LPS':
    case 'LPM':
    case 'MLD':
    case 'CMH':
    case 'CMD':
    case 'CMS':
      return 'SI';
  }
}

/** Converters from the file's units to the model's SI units. */
export interface UnitConverter {
  readonly lengthM: (value: number) => number;
  readonly diameterMm: (value: number) => number;
  /** Tank diameters are in ft or m (not in/mm like pipes). */
  readonly tankDiameterM: (value: number) => number;
  readonly volumeM3: (value: number) => number;
  readonly powerKw: (value: number) => number;
  readonly flowLps: (value: number) => number;
}

export function unitConverter(flowUnits: FlowUnits): UnitConverter {
  const us = unitSystemOf(flowUnits) === 'US';
  const lps = LPS_PER_UNIT[flowUnits];
  return {
    lengthM: us ? (v) => v * FT_M : (v) => v,
    diameterMm: us ? (v) => v * IN_MM : (v) => v,
    tankDiameterM: us ? (v) => v * FT_M : (v) => v,
    volumeM3: us ? (v) => v * FT3_M3 : (v) => v,
    powerKw: us ? (v) => v * HP_KW : (v) => v,
    flowLps: (v) => v * lps,
  };
}
