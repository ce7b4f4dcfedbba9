import { LANGUAGES, MATERIAL } from '@pipewise/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { labels } from '../features/reports/lib/labels.ts';
import { i18n } from './i18n.ts';
import { MATERIAL_OPTIONS, materialName } from './materials.ts';

afterAll(() => i18n.changeLanguage('en'));

describe('materialName', () => {
  it('names every material as the map legend and the reports do, in all six languages', async () => {
    for (const language of LANGUAGES) {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces(['views', 'details']);
      const reports = labels({ t: i18n.t, language, unitSystem: 'metric' });
      for (const { code } of MATERIAL_OPTIONS) {
        const name = materialName(i18n.t, code);
        expect(name, `${language} ${code}`).toBe(reports.materialCode(code));
        expect(name, `${language} ${code}: untranslated key`).not.toMatch(/^tiers\./);
      }
    }
  });

  it('reads one word for one material in Japanese (the details pane once said 鋳鉄, the map 鋳鉄管)', async () => {
    await i18n.changeLanguage('ja');
    expect(materialName(i18n.t, MATERIAL.CAST_IRON)).toBe('鋳鉄管');
  });

  it('says n/a for a missing or unknown code', async () => {
    await i18n.changeLanguage('en');
    expect(materialName(i18n.t, null)).toBe('n/a');
    expect(materialName(i18n.t, 99)).toBe('n/a');
  });
});
