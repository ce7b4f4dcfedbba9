import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatters, type Formatters } from '../format.ts';
import type { Viewer } from './use-viewer.ts';

/** The pane's formatters bound to the viewer's language and units. */
export function useFormatters(viewer: Viewer): Formatters {
  const { t } = useTranslation('details');
  const { language, units } = viewer;
  return useMemo(() => formatters({ language, units, t }), [language, units, t]);
}
