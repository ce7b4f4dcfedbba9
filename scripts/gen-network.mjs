// Synthetic network for import benchmarks and demos (issue 3): generates the Pipewise demo town with
// generateCity and streams its pipes as a GeoJSON FeatureCollection (and optionally the EPANET model),
// feature by feature, so 100k+ pipes never become one giant string.
//
//   node --import tsx scripts/gen-network.mjs --pipes 100000 --seed 1 --geojson /tmp/city.geojson [--inp /tmp/city.inp]
//        [--as-of 2026-01] [--missing 0.08] [--center -122.23,37.49]
// (--out is the older name of --geojson.)
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { generateCity, inpLines } from '../packages/engine/src/index.ts';

const { values } = parseArgs({
  options: {
    pipes: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    geojson: { type: 'string' },
    out: { type: 'string' },
    inp: { type: 'string' },
    'as-of': { type: 'string', default: '2026-01' },
    missing: { type: 'string', default: '0.08' },
    center: { type: 'string' },
  },
});
const out = values.geojson ?? values.out;
if (!out && !values.inp) {
  console.error('usage: gen-network.mjs --pipes N --seed S --geojson file.geojson [--inp file.inp]');
  process.exit(2);
}
const [year, month] = values['as-of'].split('-').map(Number);
const center = values.center ? values.center.split(',').map(Number) : undefined;

/** Writes chunks to a file, waiting for 'drain' when the stream's buffer is full. */
async function streamTo(path, chunks) {
  const out = createWriteStream(path);
  for (const chunk of chunks) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

function* geojson(city) {
  const { metadata } = city;
  const header = {
    type: 'FeatureCollection',
    name: 'pipewise_synthetic_pipes',
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
    pipewise: {
      synthetic: true,
      note: metadata.note,
      seed: metadata.seed,
      generator_version: metadata.generatorVersion,
    },
  };
  yield JSON.stringify(header).slice(0, -1) + ',"features":[\n';
  let first = true;
  for (const pipe of city.pipes) {
    const feature = {
      type: 'Feature',
      geometry: pipe.geometry,
      properties: {
        native_pipe_id: pipe.nativePipeId,
        diameter_mm: pipe.diameterMm,
        install_year: pipe.installYear,
        material_type_code: pipe.materialTypeCode,
        length_m: pipe.lengthM,
        address: pipe.address,
      },
    };
    yield (first ? '' : ',\n') + JSON.stringify(feature);
    first = false;
  }
  yield '\n]}\n';
}

function* inpText(model) {
  for (const line of inpLines(model)) yield line + '\n';
}

const t0 = performance.now();
const city = generateCity({
  seed: Number(values.seed),
  pipes: Number(values.pipes),
  asOf: { year, month },
  missingRate: Number(values.missing),
  ...(center ? { center } : {}),
});
const t1 = performance.now();
if (out) await streamTo(out, geojson(city));
if (values.inp) await streamTo(values.inp, inpText(city.epanet));
const t2 = performance.now();
console.log(
  `${city.pipes.length} pipes (${city.metadata.totalLengthKm} km), ${city.breaks.length} breaks: ` +
    `generated in ${Math.round(t1 - t0)} ms, written in ${Math.round(t2 - t1)} ms → ` +
    [out, values.inp].filter(Boolean).join(', '),
);
console.log(city.metadata.note);
