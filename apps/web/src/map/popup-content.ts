// The hover popup text of breaks and valves (LAYER-18) from their tile properties (tile-layers.ts: breaks carry
// break_date and native_pipe_id; valves native_valve_id, valve_type, normally_closed, operable, install_year).
// The caller passes its `map` namespace translator, so MapView stays free of i18n:
//   popupContent={useHoverPopup()} (routes/map/use-hover-popup.ts)
import type { FeatureProperties } from './map-events.ts';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const present = (v: unknown): v is string | number =>
  (typeof v === 'string' && v !== '') || typeof v === 'number';

export function hoverPopupText(t: Translate, layer: string, p: FeatureProperties): string {
  const lines: string[] = [];
  if (layer === 'breaks') {
    lines.push(t('popup.break'));
    if (present(p.break_date)) lines.push(t('popup.breakDate', { date: String(p.break_date).slice(0, 10) }));
    if (present(p.native_pipe_id)) lines.push(t('popup.pipe', { id: p.native_pipe_id }));
  } else if (layer === 'valves') {
    lines.push(t('popup.valve', { id: present(p.native_valve_id) ? p.native_valve_id : '' }).trim());
    if (present(p.valve_type)) lines.push(t('popup.valveType', { type: p.valve_type }));
    if (p.normally_closed === true) lines.push(t('popup.normallyClosed'));
    if (p.normally_closed === false) lines.push(t('popup.normallyOpen'));
    if (p.operable === false) lines.push(t('popup.inoperable'));
    if (present(p.install_year)) lines.push(t('popup.installYear', { year: p.install_year }));
  }
  return lines.join(' · ');
}
