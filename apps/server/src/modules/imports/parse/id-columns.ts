// Which column is a layer's own id, per layer (issue 16). A valves file with `valve_id` and `native_pipe_id` had
// `native_pipe_id` suggested as the valve's id, because `nativepipeid` was a synonym of every layer's id: 154 valves
// were skipped as duplicates and the rest linked by position. A column named like the layer's own id now comes
// first, and a column naming a pipe (the link to another layer) is never another layer's own id. Names are written
// normalised (column-synonyms.ts normaliseColumn).
import type { AssetLayer } from '@pipewise/domain';

/** Every layer a file can fill: an asset layer, or the breaks and pressure readings. */
export type IdLayer = AssetLayer | 'breaks' | 'pressures';

/** Names of a column holding a pipe's id: the pipes' own id, elsewhere the link to a pipe. */
export const PIPE_ID_NAMES = [
  'nativepipeid',
  'pipeid',
  'pipeno',
  'pipenumber',
  'watmainid',
  'mainid',
  'linkid',
  'relatedassetid',
  '管路id',
  '管路番号',
  '管番号',
  'leitungsid',
  'leitungsnummer',
  'idcondotta',
  'idconduite',
  'idtuberia',
  'idtubería',
] as const;

/** Names of a node column (a pipe's ends, a valve's node): never an asset's own id. */
const NODE_NAMES = [
  'node',
  'nodeid',
  'nodename',
  'fromnode',
  'tonode',
  'startnode',
  'endnode',
  'node1',
  'node2',
];

/** Own-id names per layer, most specific first; the generic ones (id, asset_id…) follow in SYNONYMS.nativeId. */
const OWN_ID_NAMES: Readonly<Record<IdLayer, readonly string[]>> = {
  pipes: PIPE_ID_NAMES,
  valves: [
    'valveid',
    'nativevalveid',
    'valveno',
    'valvenumber',
    'valvenum',
    'vlvid',
    'バルブid',
    'バルブ番号',
    '弁番号',
    'schieberid',
    'armaturid',
    'idvalvola',
    'idvanne',
    'idválvula',
    'idvalvula',
  ],
  hydrants: [
    'hydrantid',
    'nativehydrantid',
    'hydrantno',
    'hydrantnumber',
    'hydid',
    '消火栓id',
    '消火栓番号',
    'hydrantennummer',
    'ididrante',
    'idpoteau',
    'idhidrante',
  ],
  reservoirs: ['reservoirid', 'tankid', 'storageid', '配水池id', 'behälterid', 'idserbatoio', 'idréservoir'],
  purification_plants: [
    'plantid',
    'treatmentplantid',
    'wtpid',
    '浄水場id',
    'werkid',
    'idimpianto',
    'idusine',
  ],
  drains: ['drainid', 'blowoffid', 'washoutid', '泥吐id', 'idscarico', 'idvidange', 'iddesagüe'],
  critical_facilities: ['facilityid', 'criticalfacilityid', 'siteid', '施設id', 'idstruttura', 'idsite'],
  supply_areas: ['supplyareaid', 'areaid', 'zoneid', '給水区域id', 'idzone', 'idzona'],
  districts: ['districtid', 'dmaid', 'areaid', '配水区id', 'iddistretto', 'iddistrict', 'iddistrito'],
  mesh: ['meshid', 'cellid', 'gridid', 'メッシュid', 'idmaglia', 'idmaille', 'idcelda'],
  custom_zones: ['zoneid', 'customzoneid', 'areaid', 'idzone', 'idzona'],
  population: ['regionid', 'censusid', 'tractid', 'blockid', '地域id', 'idregione', 'idrégion', 'idregión'],
  // A break names the pipe it happened on; its own id is not imported.
  breaks: [],
  pressures: ['sensorid', 'gaugeid', 'loggerid', 'stationid', 'nodeid'],
};

/**
 * The score of `name` (normalised) as the layer's own id, or null when the generic synonyms decide: an own-id name
 * beats every generic one (0.97 exact, 0.7 contained); a pipe link on another layer, or a node column, is 0.
 */
export function ownIdScore(layer: IdLayer, name: string): number | null {
  const own = OWN_ID_NAMES[layer];
  const exact = own.indexOf(name);
  if (exact >= 0) return 0.97 - Math.min(exact, 20) * 0.005;
  if (layer !== 'pipes' && PIPE_ID_NAMES.some((s) => name === s || name.includes(s))) return 0;
  if (layer !== 'pressures' && NODE_NAMES.some((s) => name === s || name.includes(s))) return 0;
  if (own.some((s) => name.includes(s))) return 0.7;
  return null;
}
