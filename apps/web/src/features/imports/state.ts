// The import wizard's answers while they are being given (STYLE.md: what is left after URL and server state).
// Server answers (upload, inspect, materials, report, job) stay in TanStack Query; this holds the user's choices.
import { MATERIAL_COHORT_ATTR } from '@pipewise/domain';
import { create } from 'zustand';
import type { Answers, AssetLayer, ImportOptions, ImportType } from './api/import-options.ts';
import type { Upload } from './api/upload-file.ts';

export const WIZARD_STEPS = [
  'file',
  'upload',
  'layer',
  'columns',
  'materials',
  'questions',
  'review',
  'import',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const DEFAULT_ANSWERS: Answers = {
  lengthUnit: 'm',
  diameterUnit: 'mm',
  dateFormat: 'auto',
  missingMeans: 'unknown',
  geometrylessPipes: 'block',
  unknownPipeIds: 'block',
};

export interface WizardState {
  step: number;
  file: File | null;
  type: ImportType;
  assetLayer: AssetLayer;
  targetMode: 'new' | 'existing';
  newGroupName: string;
  groupId: number | null;
  upload: Upload | null;
  layer: string | null;
  crs: string;
  /** null until the column step has been filled from the server's suggestions. */
  mapping: Record<string, string> | null;
  materials: Record<string, number>;
  answers: Answers;
  /**
   * The unit answers still hold the static defaults: the questions step replaces them once with the user's own
   * units (issue 15: inch diameters were stored as millimetres because the question defaulted to mm for a US user).
   */
  unitsFromUser: boolean;
  snapToleranceM: number;
  /** Metres: pipe ends this close are one node, or agree with their node id (asked in the user's length unit). */
  nodeToleranceM: number;
  /**
   * Unmapped source columns of a pipes layer the LOF model may use as risk factors, in the order ticked. Kept free
   * of mapped columns, and emptied whenever the mapping starts over (see `withRiskFactors`).
   */
  lofFeatures: string[];
  importId: number | null;
}

interface WizardActions {
  set: (patch: Partial<WizardState>) => void;
  next: () => void;
  back: () => void;
  reset: () => void;
}

const initial: WizardState = {
  step: 0,
  file: null,
  type: 'assets',
  assetLayer: 'pipes',
  targetMode: 'new',
  newGroupName: '',
  groupId: null,
  upload: null,
  layer: null,
  crs: '',
  mapping: null,
  materials: {},
  answers: DEFAULT_ANSWERS,
  unitsFromUser: false,
  snapToleranceM: 10,
  nodeToleranceM: 0.5,
  lofFeatures: [],
  importId: null,
};

/**
 * A patch with the risk factors it implies: a mapping reset to null (another file, layer or kind) clears them,
 * and a column that becomes mapped drops out, so no step has to remember to do either. The material cohort (the
 * suffix of cohort material codes, issue 40) drops out when no material column is mapped, unless the file has a
 * column by that name.
 */
export function withRiskFactors(state: WizardState, patch: Partial<WizardState>): Partial<WizardState> {
  const mapping = patch.mapping === undefined ? state.mapping : patch.mapping;
  const chosen = patch.lofFeatures ?? state.lofFeatures;
  if (mapping === null) return chosen.length > 0 ? { ...patch, lofFeatures: [] } : patch;
  const used = mappedColumns(mapping);
  const cohortColumn = chosenLayer({ ...state, ...patch })?.columns.includes(MATERIAL_COHORT_ATTR) ?? false;
  const cohortGone = !mapping['material'] && !cohortColumn;
  const kept = chosen.filter((c) => !used.has(c) && !(cohortGone && c === MATERIAL_COHORT_ATTR));
  return kept.length === chosen.length ? patch : { ...patch, lofFeatures: kept };
}

export const useImportWizard = create<WizardState & WizardActions>()((set) => ({
  ...initial,
  set: (patch) => set((s) => withRiskFactors(s, patch)),
  next: () => set((s) => ({ step: Math.min(s.step + 1, WIZARD_STEPS.length - 1) })),
  back: () => set((s) => ({ step: Math.max(s.step - 1, 0) })),
  reset: () => set(initial),
}));

export function currentStep(state: Pick<WizardState, 'step'>): WizardStep {
  return WIZARD_STEPS[state.step] ?? 'file';
}

/** The layer chosen from the upload, with what the file says about it. */
export function chosenLayer(state: Pick<WizardState, 'upload' | 'layer'>) {
  return state.upload?.layers.find((l) => l.name === state.layer) ?? null;
}

/** The column the user mapped to the material field, if any (breaks and assets both may carry one). */
export function materialColumn(state: Pick<WizardState, 'mapping'>): string | null {
  return state.mapping?.material || null;
}

/** The source columns the mapping uses. */
export function mappedColumns(mapping: Record<string, string> | null): Set<string> {
  return new Set(Object.values(mapping ?? {}).filter((c) => c !== ''));
}

/** Whether the import writes a pipes layer, the only one whose columns can be LOF risk factors. */
export function importsPipes(state: Pick<WizardState, 'type' | 'assetLayer'>): boolean {
  return state.type === 'assets' && state.assetLayer === 'pipes';
}

/** Everything validate and commit need, or null while a choice is still missing. */
export function importOptions(state: WizardState): ImportOptions | null {
  if (!state.layer || !state.mapping) return null;
  const target =
    state.targetMode === 'existing'
      ? state.groupId == null
        ? null
        : { snapshotGroupId: state.groupId }
      : state.newGroupName.trim()
        ? { newGroupName: state.newGroupName.trim() }
        : null;
  if (!target) return null;
  const crs = state.crs.trim();
  return {
    layer: state.layer,
    ...(crs ? { crs } : {}),
    type: state.type,
    ...(state.type === 'assets' ? { assetLayer: state.assetLayer } : {}),
    mapping: state.mapping,
    materials: state.materials,
    answers: state.answers,
    snapToleranceM: state.snapToleranceM,
    ...(importsPipes(state) ? { nodeToleranceM: state.nodeToleranceM } : {}),
    ...(importsPipes(state) ? { lofFeatures: state.lofFeatures } : {}),
    target,
  };
}
