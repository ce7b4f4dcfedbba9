// The builder of each export format.
import { GeoPackageBuilder } from './gpkg-writer.ts';
import type { ExportBuilder, ExportFormat, ExportLayer } from './layer.ts';
import { ShapefileBuilder } from './shapefile-writer.ts';
import { CsvBuilder, GeoJsonBuilder } from './text-writers.ts';

/** Async because the GeoPackage's SQLite (WASM) opens asynchronously; it is open before the first page. */
export async function builderFor<R>(format: ExportFormat, layer: ExportLayer<R>): Promise<ExportBuilder<R>> {
  switch (format) {
    case 'gpkg':
      return new GeoPackageBuilder(layer).ready();
    case 'shp':
      return new ShapefileBuilder(layer);
    case 'geojson':
      return new GeoJsonBuilder(layer);
    case 'csv':
      return new CsvBuilder(layer);
  }
}
