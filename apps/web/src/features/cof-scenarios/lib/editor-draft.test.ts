import { describe, expect, it } from 'vitest';
import { scenario } from '../test-data.ts';
import { switchCalculation } from './calculation.ts';
import { setTierText } from './cost-draft.ts';
import { draftOf, isDirty, patchOf } from './editor-draft.ts';

describe('editor draft', () => {
  it('sends only what changed', () => {
    const base = scenario(1, 'Old mains');
    const draft = draftOf(base);
    expect(isDirty(draft, base)).toBe(false);
    expect(patchOf(draft, base)).toEqual({});
    expect(patchOf({ ...draft, name: ' Older mains ' }, base)).toEqual({ name: 'Older mains' });

    const edited = {
      ...draft,
      costMaster: setTierText(draft.costMaster, 'customerNoWater', 'standardCalculation', 'd3', '5'),
    };
    expect(isDirty(edited, base)).toBe(true);
    const patch = patchOf(edited, base)!;
    expect(Object.keys(patch)).toEqual(['costMaster']);
    expect(patch.costMaster?.indirectCost.customerNoWater.standardCalculation.d3).toBe(5);
  });

  it('sends the switched modes as part of the cost master', () => {
    const base = scenario(1, 'Old mains');
    const draft = draftOf(base);
    const patch = patchOf({ ...draft, costMaster: switchCalculation(draft.costMaster, 'valve') }, base)!;
    expect(patch.costMaster?.indirectCost.criticalFacilities.valveCalculation.enabled).toBe(true);
    expect(patch.costMaster?.indirectCost.criticalFacilities.standardCalculation.enabled).toBe(false);
  });

  it('sends nothing while the name is empty or a value is bad', () => {
    const base = scenario(1, 'Old mains');
    const draft = draftOf(base);
    expect(patchOf({ ...draft, name: '  ' }, base)).toBeNull();
    expect(
      patchOf(
        {
          ...draft,
          costMaster: setTierText(draft.costMaster, 'criticalFacilities', 'standardCalculation', 'd1', 'x'),
        },
        base,
      ),
    ).toBeNull();
  });
});
