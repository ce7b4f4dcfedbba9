// What the scenario editor holds while the user works (name, cost master as typed texts, custom COFs) and the
// PATCH it comes to: only the fields that changed (COF-API-03 "changed fields").
import type { CofScenarioPatch } from '../api/update-cof-scenario.ts';
import type { CofScenario, CostMasterDraft, CustomCof } from '../types.ts';
import { draftIssues, fromDraft, toDraft, type TierIssue } from './cost-draft.ts';

export interface EditorDraft {
  name: string;
  costMaster: CostMasterDraft;
  customCofs: CustomCof[];
}

export function draftOf(scenario: CofScenario): EditorDraft {
  return { name: scenario.name, costMaster: toDraft(scenario.costMaster), customCofs: scenario.customCofs };
}

/** Plain data on both sides, so comparing their JSON is exact (and the draft is small). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function isDirty(draft: EditorDraft, base: CofScenario): boolean {
  return !same(draft, draftOf(base));
}

export interface DraftCheck {
  nameMissing: boolean;
  tierIssues: TierIssue[];
}

export function checkDraft(draft: EditorDraft): DraftCheck {
  return { nameMissing: draft.name.trim() === '', tierIssues: draftIssues(draft.costMaster) };
}

export const isValid = (check: DraftCheck) => !check.nameMissing && check.tierIssues.length === 0;

/** The PATCH body: the changed fields only; null while the draft is not valid. */
export function patchOf(draft: EditorDraft, base: CofScenario): CofScenarioPatch | null {
  if (!isValid(checkDraft(draft))) return null;
  const costMaster = fromDraft(draft.costMaster);
  if (!costMaster) return null;
  const patch: CofScenarioPatch = {};
  const name = draft.name.trim();
  if (name !== base.name) patch.name = name;
  if (!same(costMaster, base.costMaster)) patch.costMaster = costMaster;
  if (!same(draft.customCofs, base.customCofs)) patch.customCofs = draft.customCofs;
  return patch;
}
