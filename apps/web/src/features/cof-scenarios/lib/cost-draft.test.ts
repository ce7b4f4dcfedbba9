import { describe, expect, it } from 'vitest';
import { costMaster } from '../test-data.ts';
import { draftIssues, fromDraft, parseAmount, setTierText, toDraft } from './cost-draft.ts';

describe('d-value validation', () => {
  it.each([
    ['280', 280],
    ['0', 0],
    ['1.5', 1.5],
    ['1,5', 1.5],
    [' 42 ', 42],
    ['', 'required'],
    ['  ', 'required'],
    ['abc', 'number'],
    ['12a', 'number'],
    ['-1', 'negative'],
    ['2000000000000', 'tooLarge'],
  ])('%j reads as %j', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it('names every bad value by cost, mode and tier, and sends nothing while any is bad', () => {
    let draft = toDraft(costMaster());
    expect(draftIssues(draft)).toEqual([]);
    draft = setTierText(draft, 'customerNoWater', 'standardCalculation', 'd3', '-5');
    draft = setTierText(draft, 'criticalFacilities', 'valveCalculation', 'd1', '');
    expect(draftIssues(draft)).toEqual([
      { cost: 'customerNoWater', mode: 'standardCalculation', tier: 'd3', problem: 'negative' },
      { cost: 'criticalFacilities', mode: 'valveCalculation', tier: 'd1', problem: 'required' },
    ]);
    expect(fromDraft(draft)).toBeNull();
  });

  it('turns a valid draft back into numbers, keeping the modes on or off', () => {
    const draft = setTierText(toDraft(costMaster()), 'customerNoWater', 'standardCalculation', 'd3', '2,75');
    const cm = fromDraft(draft)!;
    expect(cm.indirectCost.customerNoWater.standardCalculation).toEqual({
      enabled: true,
      d1: 2,
      d2: 2,
      d3: 2.75,
      d4: 2,
      d5: 2,
      d6: 2,
    });
    expect(cm.directCost).toEqual(costMaster().directCost);
  });
});
