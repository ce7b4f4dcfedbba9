// Public surface of the import parsers: bytes in, typed features, mapping suggestions and a validation report out.
export { detectFormat } from './detect-format.ts';
export { listLayers, readFeatures } from './layers.ts';
export { readGeoJsonStream } from './geojson-reader.ts';
export { ImportFileError } from './import-file-error.ts';
export type { ImportFileErrorInfo } from './import-file-error.ts';
export { toWgs84, reproject, epsgCode } from './crs.ts';
export { suggestMapping } from './suggest-mapping.ts';
export type { MappingSuggestion } from './suggest-mapping.ts';
export { TARGET_FIELDS } from './column-synonyms.ts';
export type { ImportKind, TargetField } from './column-synonyms.ts';
export { suggestMaterialMapping } from './suggest-material-mapping.ts';
export type { MaterialMapping } from './suggest-material-mapping.ts';
export { validateRows } from './validate-rows.ts';
export type { ColumnMapping, ImportAnswers, ImportRecord, ValidationResult } from './validate-rows.ts';
export type { ProblemKind, ProblemExample, ProblemTally } from './validation-report.ts';
export type { CsvReadOptions } from './csv-reader.ts';
export type {
  GeometryKind,
  ImportFeature,
  ImportFile,
  ImportFormat,
  LayerInfo,
  ReadOptions,
} from './types.ts';
