// Saved filters ("filter favourites", spec 000 §3/§7, FILT-SAV-*): a named set of filter selections per snapshot.
// Older clients stored a flat map of filter groups; normalizeSavedFilters converts it on read (FILT-SAV-03).
import { z } from 'zod';
import { idField } from './ids.ts';
import { LAYER_GROUPS, VIEW_KEYS } from '../views/types.ts';
import type { LayerGroup, ViewKey } from '../views/types.ts';

/** The layer groups a saved filter can name (the map's, spec 000 §4). */
export const SAVED_FILTER_LAYER_GROUPS = LAYER_GROUPS;
const layerGroupSchema = z.enum(SAVED_FILTER_LAYER_GROUPS);
const viewKeySchema = z.enum(VIEW_KEYS);

/** The `filters` of a saved filter (FILT-SAV-02). Range ends are in the tiles' units; null = unbounded. */
export const savedFilterFiltersSchema = z.object({
  active_pipe_layer_group: layerGroupSchema,
  scalar_type: z.array(z.object({ key: viewKeySchema, values: z.array(z.number()) })),
  slider_type: z.array(
    z.object({ key: viewKeySchema, low_input: z.number().nullable(), high_input: z.number().nullable() }),
  ),
  /** Drawn polygons per layer group: polygons → points → [lng, lat] (BOUND-12). */
  boundary_type: z.array(
    z.object({ layer_group: layerGroupSchema, polygons: z.array(z.array(z.array(z.number()))) }),
  ),
});
export type SavedFilterFilters = z.infer<typeof savedFilterFiltersSchema>;

/** The older format: keyName → filter group (range groups with lowInput/highInput, scalar groups with tiers). */
export const legacySavedFiltersSchema = z.record(z.string(), z.unknown());

const nameSchema = z.string().trim().min(1).max(120);
const filtersInputSchema = z.union([savedFilterFiltersSchema, legacySavedFiltersSchema]);

export const savedFilterSchema = z.object({
  id: z.number().int(),
  name: nameSchema,
  snapshot_id: z.number().int(),
  job_planner_scenario: z.number().int().nullable(),
  filters: savedFilterFiltersSchema,
  /** The view key active when saved (FILT-APP-02: unknown → rank). */
  lof_type: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

export const savedFilterCreateSchema = z.object({
  snapshot_id: idField,
  name: nameSchema,
  job_planner_scenario: idField.nullable().optional(),
  filters: filtersInputSchema,
  lof_type: z.string().min(1).max(64),
});
export type SavedFilterCreate = z.infer<typeof savedFilterCreateSchema>;

export const savedFilterUpdateSchema = z
  .object({
    name: nameSchema,
    filters: filtersInputSchema,
    lof_type: z.string().min(1).max(64),
    job_planner_scenario: idField.nullable(),
  })
  .partial();
export type SavedFilterUpdate = z.infer<typeof savedFilterUpdateSchema>;

export const savedFilterListSchema = z.object({ saved_filters: z.array(savedFilterSchema) });
export type SavedFilterList = z.infer<typeof savedFilterListSchema>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isViewKey = (k: string): k is ViewKey => (VIEW_KEYS as readonly string[]).includes(k);
const isLayerGroup = (v: unknown): v is LayerGroup => (LAYER_GROUPS as readonly unknown[]).includes(v);
/** Old clients kept text-box contents, so numbers may arrive as strings ('1980'). */
function numberOrNull(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

const emptyFilters = (): SavedFilterFilters => ({
  active_pipe_layer_group: 'pipes',
  scalar_type: [],
  slider_type: [],
  boundary_type: [],
});

/** New format as is, minus entries for views that no longer exist. */
function fromNewFormat(filters: SavedFilterFilters): SavedFilterFilters {
  return {
    ...filters,
    scalar_type: filters.scalar_type.filter((s) => isViewKey(s.key)),
    slider_type: filters.slider_type.filter((s) => isViewKey(s.key)),
  };
}

/** One old filter group → a slider or scalar entry; nothing when it filters nothing. */
function legacyEntry(key: ViewKey, group: Record<string, unknown>, out: SavedFilterFilters): void {
  if (Array.isArray(group.values)) {
    const values = group.values.map(numberOrNull).filter((v): v is number => v !== null);
    out.scalar_type.push({ key, values });
    return;
  }
  if (Array.isArray(group.tiers)) {
    const tiers = group.tiers.filter(isRecord);
    const selected = tiers.filter((t) => t.selected !== false).map((t) => numberOrNull(t.value));
    // All tiers selected = no filter (FilterState: a missing key = everything selected).
    if (selected.length === tiers.length) return;
    out.scalar_type.push({ key, values: selected.filter((v): v is number => v !== null) });
    return;
  }
  const low = numberOrNull(group.lowInput ?? group.low_input);
  const high = numberOrNull(group.highInput ?? group.high_input);
  if (low !== null || high !== null) out.slider_type.push({ key, low_input: low, high_input: high });
}

/**
 * Any stored `filters` → the current format (FILT-SAV-03). The old format is a flat map keyName → filter group;
 * unknown keys and malformed groups are dropped, anything unreadable becomes an empty filter.
 */
export function normalizeSavedFilters(raw: unknown): SavedFilterFilters {
  const parsed = savedFilterFiltersSchema.safeParse(raw);
  if (parsed.success) return fromNewFormat(parsed.data);
  // Entries of views that were removed fail the enum: keep the rest.
  if (isRecord(raw) && Array.isArray(raw.scalar_type) && Array.isArray(raw.slider_type)) {
    const lenient = savedFilterFiltersSchema.safeParse({
      ...raw,
      scalar_type: raw.scalar_type.filter(
        (s) => isRecord(s) && typeof s.key === 'string' && isViewKey(s.key),
      ),
      slider_type: raw.slider_type.filter(
        (s) => isRecord(s) && typeof s.key === 'string' && isViewKey(s.key),
      ),
    });
    return lenient.success ? lenient.data : emptyFilters();
  }
  const out = emptyFilters();
  if (!isRecord(raw)) return out;
  for (const [key, group] of Object.entries(raw)) {
    if ((key === 'activePipeLayerGroup' || key === 'active_pipe_layer_group') && isLayerGroup(group)) {
      out.active_pipe_layer_group = group;
    } else if (isViewKey(key) && isRecord(group)) {
      legacyEntry(key, group, out);
    }
  }
  return out;
}
