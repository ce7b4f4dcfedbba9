// 'Export assets' sends the visible assets (EXP-01). The map knows which features its filter hides only among
// the tiles it has loaded, so the web also sends the filter expression itself, and the export evaluates it here
// over every feature of the layer with the very properties the tiles carry — MapLibre's own evaluator
// (@maplibre/maplibre-gl-style-spec featureFilter), so the file holds exactly what the map would draw.
import { featureFilter } from '@maplibre/maplibre-gl-style-spec';
import { AppError } from '../../lib/errors.ts';

export type FeatureTest = (id: number, properties: Record<string, unknown>) => boolean;

/** Line features (MVT geometry type 2): the filters the map sends never read the type, but the evaluator wants one. */
const LINE = 2;

/**
 * A filter expression → a test of one feature. An invalid expression, or one that needs the geometry (`within`,
 * `distance`: the export reads no geometry), is a 400 naming `filter`.
 */
export function compileVisibleFilter(filter: unknown): FeatureTest {
  let compiled: ReturnType<typeof featureFilter>;
  try {
    compiled = featureFilter(filter as Parameters<typeof featureFilter>[0], 'filter');
  } catch (err) {
    throw invalidFilter(err instanceof Error ? err.message : String(err));
  }
  if (compiled.needGeometry)
    throw invalidFilter('a filter on geometry (within, distance) cannot be exported');
  const globals = { zoom: 14 };
  return (id, properties) => {
    try {
      return Boolean(compiled.filter(globals, { type: LINE, id, properties }));
    } catch {
      // MapLibre hides a feature whose filter fails to evaluate: so does the export.
      return false;
    }
  };
}

function invalidFilter(message: string) {
  return new AppError(400, 'VALIDATION', `The filter is not a valid map filter: ${message}`, [
    { field: 'filter', rule: 'expression', message },
  ]);
}
