// The sentences that name what a virtual-pipes action changes (issue 38), in English and Japanese.
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { setupI18n } from '../../test/render-page.tsx';
import type { SamplingTest } from './api.ts';
import { COLUMNS } from './columns.ts';
import { bulkQuestion, bulkReport, mergeQuestion, unverifiedSentence } from './texts.ts';

const test: SamplingTest = {
  phase: 1,
  sample: { seed: 1, size: 10, drawnAt: '2026-12-01T00:00:00Z', pipeIds: [], verified: 0, unverified: 10 },
  accuracy: {} as SamplingTest['accuracy'],
  mergePreview: { pipes: 9, installYear: 7, diameter: 2, materialTypeCode: 1 },
  mergeOverride: null,
};
const material = COLUMNS.find((c) => c.wire === 'material_type_code')!;

describe('virtual-pipes texts', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['virtualpipes', 'details']);
  });

  it('names the merged values per attribute, install year first, and the unverified sample', () => {
    const t = i18n.getFixedT('en');
    expect(mergeQuestion(t, test)).toBe(
      'Merge 10 imputed values (Install year: 7, Diameter: 2, Material: 1) into the network?',
    );
    expect(unverifiedSentence(t, test)).toBe('10 of the sample of 10 are not verified.');
    expect(unverifiedSentence(t, { ...test, sample: { ...test.sample!, unverified: 1 } })).toBe(
      '1 of the sample of 10 is not verified.',
    );
    expect(unverifiedSentence(t, { ...test, sample: { ...test.sample!, unverified: 0 } })).toBe(
      'Every sampled pipe is verified in the field.',
    );
  });

  it('asks before a bulk action and reports what it changed, or that nothing changed', () => {
    const t = i18n.getFixedT('en');
    const restore = { kind: 'restore' as const, column: material, pipeIds: [1, 2, 3] };
    expect(bulkQuestion(t, restore)).toBe(
      'Remove the correction of Material from 3 selected pipes, so their AI value returns?',
    );
    expect(bulkReport(t, restore, 2)).toBe(
      'AI value of Material restored on 2 of 3 pipes; a new analysis is running.',
    );
    expect(bulkReport(t, restore, 0)).toBe(
      'Nothing changed: none of the 3 selected pipes has a corrected Material to restore.',
    );
  });

  it('speaks the user language', async () => {
    await i18n.loadLanguages('ja');
    await i18n.loadNamespaces(['virtualpipes', 'details']);
    const t = i18n.getFixedT('ja');
    expect(unverifiedSentence(t, test)).toBe('サンプル 10 本中 10 本が未確認です。');
  });
});
