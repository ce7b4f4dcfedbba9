// The section builders' context for this reader: `reports` translations, formatters in the reader's units and the
// report's currency, and the group labels.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFormat } from '../lib/format.ts';
import { labels } from '../lib/labels.ts';
import type { BuildContext } from '../lib/sections/context.ts';
import { asCurrency, type ReportViewer } from '../lib/viewer.ts';

/** `currency`: the report's (its COF scenario's); the reader's own when the report names none. */
export function useBuildContext(viewer: ReportViewer, currency?: string | null): BuildContext {
  const { t } = useTranslation('reports');
  const { language, units, timeZone } = viewer;
  const code = currency ? asCurrency(currency, language) : viewer.currency;
  return useMemo(() => {
    const fmt = reportFormat({ language, units, currency: code, timeZone, na: t('labels.na') });
    const unitSystem = units.diameter === 'in' ? 'imperial' : 'metric';
    return { t, fmt, labels: labels({ t, language, unitSystem }) };
  }, [t, language, units, code, timeZone]);
}
