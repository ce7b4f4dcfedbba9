// Builders of wire (snake_case) asset, VIS and area payloads for tests: each test states only what it is about.
import type { AreaDetail, Asset, VisRecord } from '@pipewise/domain';

export function wireAsset(over: Partial<Asset> = {}): Asset {
  return {
    id: 1042,
    native_pipe_id: 'P-1042',
    address: '12 Elm Street, Springfield',
    geometry: {
      type: 'MultiLineString',
      coordinates: [
        [
          [139.93, 37.49],
          [139.932, 37.492],
        ],
      ],
    },
    length: 250,
    diameter: 150,
    install_year: 1965,
    material_type_code: 0,
    diameter_status: 0,
    install_year_status: 1,
    material_status: 2,
    imputed_diameter: null,
    imputed_install_year: 1962,
    imputed_material: 2,
    diameter_likelihood: null,
    install_year_likelihood: { '1950': 0.2, '1960': 0.7, '1970': 0.1 },
    material_likelihood: { '0': 0.3, '2': 0.6, '8': 0.1 },
    abandoned: false,
    break_count: 3,
    analysis: { id: 9, finished_at: '2026-11-01T00:00:00Z' },
    lof_12: 0.0523,
    lof_24: 0.1,
    lof_36: 0.15,
    lof_60: 0.25,
    lof_absolute_12: 0.054,
    lof_absolute_24: 0.11,
    lof_absolute_36: 0.17,
    lof_absolute_60: 0.3,
    cum_breaks_12: 0,
    cum_breaks_24: 0,
    cum_breaks_36: 0,
    cum_breaks_60: 0,
    rank_12: 2.5,
    rank_24: 2.5,
    rank_36: 3,
    rank_60: 4,
    risk_drivers: [1, 2, 14],
    lof_risk_driver_name0: 'Pipe age',
    lof_risk_driver_name1: 'Material: cast iron',
    lof_risk_driver_name2: 'Previous breaks',
    lof_risk_driver_name3: null,
    lof_risk_driver_name4: null,
    rul: 42,
    projected_population: {
      population: { '2030': 120, '2040': 110, '2050': 95 },
      rate_of_change: { '2030': 0, '2040': -8.4, '2050': -20.6 },
    },
    segment_id: 77,
    related_valves: [],
    vis_valves: [],
    vis_breaks: 4,
    cof: {
      direct: 12000,
      intense_repair: 3000,
      standard_repair: 9000,
      indirect: 5000,
      no_water: 2000,
      traffic_disruption: 1000,
      critical_facilities: 500,
      property_damage: 800,
      environment: 700,
      custom: 0,
      cof_total: 17000,
      cof_level: 3,
      affected_pipes: [{ id: 1043, native_id: 'P-1043' }],
      affected_pipes_total: 1,
      affected_valves: [{ id: 5, native_id: 'V-5' }],
      basis: null,
    },
    bre: { total: 889.1, level: 2 },
    ...over,
  };
}

export function wireVis(over: Partial<VisRecord> = {}): VisRecord {
  return {
    id: 77,
    install_year: 1931,
    breaks: 6,
    pipes: 4,
    valves: 3,
    pipes_agg_len: 1609.34,
    pipe_list: [
      { id: 11, native_id: 'P-11' },
      { id: 12, native_id: 'P-12' },
    ],
    pipe_list_truncated: true,
    population: 300,
    projected_population: null,
    lof: { '12': 0.1, '24': 0.2, '36': 0.3, '60': 0.45 },
    expected_breaks_per_km: { '12': 1, '24': 2, '36': 3, '60': 5 },
    expected_breaks_12: 1.609,
    top_risk_share: 0.5,
    valve_list: [
      { id: 5, native_id: 'V-5' },
      { id: 6, native_id: 'V-6' },
    ],
    valves_to_close: [],
    inoperable_valves: [],
    geometry: {
      type: 'MultiLineString',
      coordinates: [
        [
          [139.9, 37.4],
          [139.91, 37.41],
        ],
      ],
    },
    ...over,
  };
}

export function wireArea(over: Partial<AreaDetail> = {}): AreaDetail {
  return {
    id: 3,
    native_id: 'M-7',
    name: 'North mesh',
    kind: 'mesh',
    lof_12: 0.31,
    // −ln(1 − 0.31) = 0.371 expected breaks over 12.5 km.
    expected_breaks_12: 0.371,
    expected_breaks_per_km_year: 0.02968,
    top_risk_share: 0.25,
    risk_drivers: [1],
    lof_risk_driver_name0: 'Pipe age',
    lof_risk_driver_name1: null,
    lof_risk_driver_name2: null,
    lof_risk_driver_name3: null,
    lof_risk_driver_name4: null,
    pipes: 42,
    length: 12_500,
    geometry: {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [139.9, 37.4],
            [139.95, 37.4],
            [139.95, 37.45],
            [139.9, 37.4],
          ],
        ],
      ],
    },
    ...over,
  };
}
