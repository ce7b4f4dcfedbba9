import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { hoverPopupText } from './popup-content.ts';

describe('hover popups (LAYER-18)', () => {
  const t = i18n.getFixedT('en', 'map');

  it('describe a break by date and pipe', () => {
    expect(hoverPopupText(t, 'breaks', { break_date: '2021-03-04', native_pipe_id: 'P-7' })).toBe(
      'Break · Date: 2021-03-04 · Pipe: P-7',
    );
  });

  it('describe a valve by id, type and state', () => {
    expect(
      hoverPopupText(t, 'valves', {
        native_valve_id: 'V-1',
        valve_type: 'gate',
        normally_closed: true,
        operable: false,
      }),
    ).toBe('Valve V-1 · Type: gate · Normally closed · Not operable');
    expect(hoverPopupText(t, 'valves', {})).toBe('Valve');
  });

  it('say nothing for other layers', () => {
    expect(hoverPopupText(t, 'hydrants', { name: 'H' })).toBe('');
  });
});
