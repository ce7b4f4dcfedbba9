import { useTranslation } from 'react-i18next';

/** Default labels of search-match tabs: 'Assets 1', 'Assets 2', … (SRCH-08). Apart from the pane, whose chunk
 * the map screen loads only when something is selected (lazy.tsx). */
export function useAssetTabLabels() {
  const { t } = useTranslation('details');
  return (count: number) => Array.from({ length: count }, (_, index) => t('pane.assetTab', { n: index + 1 }));
}
