import { renderHook } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pipewise/domain';
import { i18n } from '../../lib/i18n.ts';
import { useHoverPopup } from './use-hover-popup.ts';

const BREAK = { break_date: '2021-03-04', native_pipe_id: 'P-7' };
const VALVE = {
  native_valve_id: 'V-1',
  valve_type: 'gate',
  normally_closed: true,
  operable: false,
  install_year: 1990,
};
const OPEN_VALVE = { native_valve_id: 'V-2', normally_closed: false };

describe('useHoverPopup (issue 15: no raw keys)', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it.each(LANGUAGES.map((l) => [l]))(
    'translates every break and valve popup line in %s',
    async (language) => {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces(['map', 'mapui']);
      const { result } = renderHook(() => useHoverPopup());
      for (const [layer, props] of [
        ['breaks', BREAK],
        ['valves', VALVE],
        ['valves', OPEN_VALVE],
      ] as const) {
        const text = result.current(layer, props);
        expect(text, `${language} ${layer}`).not.toMatch(/popup\.|\{\{/);
        expect(text).toContain(layer === 'breaks' ? 'P-7' : 'V-');
        expect(text.split(' · ').length).toBeGreaterThan(1);
      }
      if (language === 'en')
        expect(result.current('breaks', BREAK)).toBe('Break · Date: 2021-03-04 · Pipe: P-7');
    },
  );
});
