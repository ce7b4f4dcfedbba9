// The source columns a pipes import offers to the likelihood-of-failure model as risk factors (`lof_features`,
// docs/api-datasets.md). Unmapped columns stay in pipes.attrs either way; only the listed ones are features, since
// undated condition or problem flags set after breaks would leak the future into the backtest. The job keeps the
// list in the new dataset's metadata.lof_features, which later versions carry over (network/versions.ts). Besides the
// file's columns, a pipes import with the material mapped offers MATERIAL_COHORT_ATTR, the suffix of cohort material
// codes ('CI-C3' → 'C3') that import-rows.ts keeps on each pipe (issue 40).
import { MATERIAL_COHORT_ATTR, type ImportOptions } from '@pipewise/domain';
import { fieldError } from '../../lib/errors.ts';
import { layerOf } from './layer-target.ts';

const FIELD = 'lof_features';

/** "Risk factor 'A' is" / "Risk factors 'A', 'B' are". */
const subject = (names: readonly string[]) =>
  names.length === 1 ? `Risk factor ${names[0]} is` : `Risk factors ${names.join(', ')} are`;

/** Whether the import writes a pipes layer (an assets import without asset_layer is a pipes import). */
export const writesPipes = (o: ImportOptions) => layerOf(o).table === 'pipes';

/** The list as stored: each column once, in the user's order. */
export const lofFeaturesOf = (o: ImportOptions): string[] => [...new Set(o.lof_features)];

/**
 * What a pipes import may list: the layer's columns, and the material cohort attribute when the mapping names a
 * material column (a column of the file by that name is simply one of the columns).
 */
export function offeredColumns(
  mapping: Readonly<Record<string, string>>,
  columns: readonly string[],
): string[] {
  const material = mapping['material'];
  return material && !columns.includes(MATERIAL_COHORT_ATTR)
    ? [...columns, MATERIAL_COHORT_ATTR]
    : [...columns];
}

/**
 * 400 VALIDATION naming `lof_features` unless every listed column is a column of the layer (`columns`, read only
 * when the list is not empty) that the mapping does not use, and the import writes pipes.
 */
export function assertLofFeatures(o: ImportOptions, columns: () => readonly string[]): void {
  if (o.lof_features.length === 0) return;
  if (!writesPipes(o))
    throw fieldError(
      'VALIDATION',
      'Risk factors (lof_features) can only be chosen for a pipes layer (type assets, asset_layer pipes).',
      FIELD,
      'pipes_only',
    );
  const wanted = lofFeaturesOf(o);
  const known = new Set(offeredColumns(o.mapping, columns()));
  const unknown = wanted.filter((c) => !known.has(c));
  if (unknown.length > 0)
    throw fieldError(
      'VALIDATION',
      `${subject(unknown.map((c) => `'${c}'`))} not a column of the layer '${o.layer}'.`,
      FIELD,
      'exists',
    );
  const mappedTo = new Map<string, string>();
  for (const [field, column] of Object.entries(o.mapping)) if (column !== '') mappedTo.set(column, field);
  const mapped = wanted.filter((c) => mappedTo.has(c));
  if (mapped.length > 0)
    throw fieldError(
      'VALIDATION',
      `${subject(mapped.map((c) => `'${c}' (mapped to ${mappedTo.get(c)})`))} used by the mapping; ` +
        'only unmapped columns can be risk factors.',
      FIELD,
      'unmapped',
    );
}
