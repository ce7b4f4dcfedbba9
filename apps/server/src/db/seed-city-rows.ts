// The generated demo town (packages/engine synth) as rows for the layer writers. Pure mapping, no I/O.
import type {
  SynthArea,
  SynthBreak,
  SynthCity,
  SynthPipe,
  SynthPointAsset,
  SynthPopulationRegion,
} from '@pipewise/engine';
import type {
  AreaInput,
  BreakInput,
  PipeInput,
  PointAssetInput,
  PopulationInput,
  ValveInput,
} from '../modules/network/write-layers.ts';

type LonLat = [number, number];

export function pipeRows(city: SynthCity): PipeInput[] {
  return city.pipes.map((p) => ({
    native_pipe_id: p.nativePipeId,
    geom: p.geometry,
    length_m: p.lengthM,
    // Null where the generator masked the value: the imputation (issue 4) is meant to fill exactly these.
    diameter_mm: p.diameterMm,
    install_year: p.installYear,
    material_type_code: p.materialTypeCode,
    address: p.address,
    road_type: p.roadType,
    pressure_zone: p.pressureZone,
    from_node: p.fromNode,
    to_node: p.toNode,
    attrs: {
      pipe_class: p.pipeClass,
      soil_corrosivity: p.soilCorrosivity,
      static_pressure_kpa: p.staticPressureKpa,
      neighbourhood: p.neighbourhood,
    },
  }));
}

/** 32-bit FNV-1a: a stable pseudo-random fraction per break id, so the town stays deterministic. */
function fractionOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) / 2 ** 32;
}

/** The point at `t` (0–1) of the line's length; planar in degrees, which is plenty along a ≤ 130 m pipe. */
export function pointAlong(coordinates: readonly LonLat[], t: number): LonLat {
  const seg = coordinates
    .slice(1)
    .map((c, i) => Math.hypot(c[0] - coordinates[i]![0], c[1] - coordinates[i]![1]));
  let left = t * seg.reduce((a, b) => a + b, 0);
  for (let i = 0; i < seg.length; i++) {
    if (left <= seg[i]! || i === seg.length - 1) {
      const f = seg[i]! > 0 ? Math.min(1, left / seg[i]!) : 0;
      const [a, b] = [coordinates[i]!, coordinates[i + 1]!];
      return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
    }
    left -= seg[i]!;
  }
  return coordinates[0]!;
}

/** The generator dates breaks on pipes but places none; the map needs a point, so one is put on the pipe. */
export function breakRows(city: SynthCity): BreakInput[] {
  const pipes = new Map<string, SynthPipe>(city.pipes.map((p) => [p.nativePipeId, p]));
  return city.breaks.map((b: SynthBreak) => {
    const pipe = pipes.get(b.nativePipeId);
    const at = pipe ? pointAlong(pipe.geometry.coordinates, 0.1 + 0.8 * fractionOf(b.id)) : null;
    return {
      native_pipe_id: b.nativePipeId,
      break_date: b.date,
      geom: at ? { type: 'Point', coordinates: at } : null,
    };
  });
}

export function valveRows(city: SynthCity): ValveInput[] {
  return city.valves.map((v) => ({
    native_valve_id: v.nativeValveId,
    native_pipe_id: v.nativePipeId,
    install_year: v.installYear,
    valve_type: v.valveType,
    diameter_mm: v.diameterMm,
    normally_closed: v.normallyClosed,
    operable: v.operable,
    geom: v.geometry,
    attrs: { node_id: v.nodeId },
  }));
}

/** Point assets keep the node and pipe they hang on (by native pipe id, the id users see). */
function pointRows<T extends SynthPointAsset>(
  city: SynthCity,
  assets: readonly T[],
  extra: (a: T) => Partial<PointAssetInput> = () => ({}),
): PointAssetInput[] {
  const nativeOf = new Map(city.pipes.map((p) => [p.id, p.nativePipeId]));
  return assets.map((a) => {
    const { attrs, ...rest } = extra(a);
    return {
      native_id: a.id,
      name: a.name,
      geom: a.geometry,
      ...rest,
      attrs: {
        ...(a.nodeId ? { node_id: a.nodeId } : {}),
        ...(a.pipeId ? { native_pipe_id: nativeOf.get(a.pipeId) ?? null } : {}),
        ...attrs,
      },
    };
  });
}

export function pointAssetRows(city: SynthCity) {
  return {
    hydrant: pointRows(city, city.hydrants),
    // The generator's storage is tanks; the data model files them with reservoirs (spec 000 §3 assets).
    reservoir: pointRows(city, city.reservoirs, (r) => ({
      attrs: {
        storage: r.kind,
        pressure_zone: r.pressureZone,
        ground_elevation_m: r.groundElevationM,
        bottom_elevation_m: r.bottomElevationM,
        max_level_m: r.maxLevelM,
        diameter_m: r.diameterM,
      },
    })),
    purification_plant: pointRows(city, city.purificationPlants, (p) => ({
      attrs: { capacity_lps: p.capacityLps, head_m: p.headM, pressure_zone: p.pressureZone },
    })),
    drain: pointRows(city, city.drains),
    critical_facility: pointRows(city, city.criticalFacilities, (f) => ({ facility_type: f.type })),
  } as const;
}

const areaRows = (areas: readonly SynthArea[]): AreaInput[] =>
  areas.map((a) => ({ native_id: a.nativeId, name: a.name, geom: a.geometry }));

export function areaRowsOf(city: SynthCity) {
  return {
    supply_area: areaRows(city.supplyAreas),
    district: areaRows(city.districts),
    mesh: areaRows(city.mesh),
  } as const;
}

export function populationRows(city: SynthCity): PopulationInput[] {
  return city.population.map((r: SynthPopulationRegion) => ({
    native_id: r.nativeId,
    geom: r.geometry,
    population: { ...r.population },
    rate_of_change: { ...r.rateOfChange },
    attrs: { neighbourhood: r.neighbourhood, growth_rate: r.growthRate },
  }));
}
