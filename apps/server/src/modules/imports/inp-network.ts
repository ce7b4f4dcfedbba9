// An EPANET model imported as pipes brings the rest of its network (docs/api-datasets.md): its valves (links, stored
// as points at their middle vertex) and its reservoirs and tanks (point assets of kind reservoir), plus the model
// text verbatim. The engine's parser gives SI values, so the mapping here is fixed.
import type { ImportOptions } from '@pipewise/domain';
import type { TenantStep } from '../../db/database.ts';
import {
  insertPointAssets,
  insertValves,
  saveEpanetModel,
  type LayerTarget,
  type PointAssetInput,
  type ValveInput,
} from '../network/write-layers.ts';
import { RowMapper } from './import-rows.ts';
import { readFile } from 'node:fs/promises';
import type { ParseSource } from './parse-thread.ts';
import { scanRows } from './scan.ts';

/** The model's layers are read before `tenant` writes them: no transaction waits on the parse thread. */
export async function writeInpNetwork(
  tenant: TenantStep,
  target: LayerTarget,
  file: ParseSource,
  o: ImportOptions,
  currentYear: number,
): Promise<{ valves: number; sources: number }> {
  const fixed = (layer: string, mapping: Record<string, string>): ImportOptions => ({
    ...o,
    layer,
    type: 'assets',
    asset_layer: 'hydrants',
    mapping,
    answers: { ...o.answers, diameter_unit: 'mm', length_unit: 'm' },
  });
  const valveOptions = fixed('valves', { nativeId: 'id', diameter: 'diameterMm', valveType: 'type' });
  const valveMapper = new RowMapper(valveOptions, file.name);
  const valves: ValveInput[] = [];
  await scanRows(file, valveOptions, currentYear, (r, f) => void valves.push(valveMapper.valve(r, f)));
  const sources: PointAssetInput[] = [];
  for (const layer of ['reservoirs', 'tanks']) {
    const so = fixed(layer, { nativeId: 'id' });
    const m = new RowMapper(so, file.name);
    await scanRows(file, so, currentYear, (r, f) => void sources.push(m.pointAsset(r, f)));
  }
  // The model's text is stored whole (the hydraulic COF reads it), so here the file is read whole.
  const inp = new TextDecoder(o.encoding ?? 'utf-8').decode(
    'path' in file ? await readFile(file.path) : file.bytes,
  );
  await tenant(async (tx) => {
    await insertValves(tx, target, valves);
    await insertPointAssets(tx, target, 'reservoir', sources);
    await saveEpanetModel(tx, target, { fileName: file.name, crs: o.crs ?? null, inp });
  });
  return { valves: valves.length, sources: sources.length };
}
