// The map's hover popup text (LAYER-18) in the user's language: hoverPopupText with the `map` namespace, whatever
// namespaces the screen itself reads. MapScreen passed its own translator, whose default namespace is `mapui`, and
// every break and valve popup showed raw keys ("popup.break · popup.breakDate · popup.pipe", issue 15).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureProperties } from '../../map/map-events.ts';
import { hoverPopupText, type Translate } from '../../map/popup-content.ts';

export function useHoverPopup(): (layer: string, props: FeatureProperties) => string {
  const { t } = useTranslation('map');
  return useCallback((layer, props) => hoverPopupText(t as Translate, layer, props), [t]);
}
