// The editor's draft of one scenario: edits, the calculation type switch (001 §4), dirty and validity, and starting
// afresh from what the server answered to a save.
import { useMemo, useState } from 'react';
import { switchCalculation, type CalculationKind } from '../lib/calculation.ts';
import { setTierText } from '../lib/cost-draft.ts';
import { checkDraft, draftOf, isDirty, patchOf, type EditorDraft } from '../lib/editor-draft.ts';
import type { CofScenario, CostKey, CustomCof, ModeKey, Tier } from '../types.ts';

export function useScenarioEditor(scenario: CofScenario) {
  const [base, setBase] = useState(scenario);
  const [draft, setDraft] = useState<EditorDraft>(() => draftOf(scenario));
  const dirty = useMemo(() => isDirty(draft, base), [draft, base]);
  const check = useMemo(() => checkDraft(draft), [draft]);

  return {
    draft,
    dirty,
    check,
    patch: () => patchOf(draft, base),
    setName: (name: string) => setDraft((d) => ({ ...d, name })),
    chooseKind: (kind: CalculationKind) =>
      setDraft((d) => ({ ...d, costMaster: switchCalculation(d.costMaster, kind) })),
    setTier: (cost: CostKey, mode: ModeKey, tier: Tier, text: string) =>
      setDraft((d) => ({ ...d, costMaster: setTierText(d.costMaster, cost, mode, tier, text) })),
    setCustomCofs: (customCofs: CustomCof[]) => setDraft((d) => ({ ...d, customCofs })),
    discard: () => setDraft(draftOf(base)),
    /** After a save: the server's scenario is the new starting point. */
    saved: (next: CofScenario) => {
      setBase(next);
      setDraft(draftOf(next));
    },
  };
}
