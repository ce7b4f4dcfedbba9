// The section builders' context for this reader: `reports` translations, formatters in the reader's units and the
// report's currency, and the group labels.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { csvFormat, reportFormat } from '../lib/format.ts';
import { labels } from '../lib/labels.ts';
import type { BuildContext } from '../lib/sections/context.ts';
import { asCurrency, type ReportViewer } from '../lib/viewer.ts';

/** The builders' context, and the spreadsheet formatter the CSV cells are built with. */
export type ReportContext = BuildContext & { csv: BuildContext['fmt'] };

/** `currency`: the report's (its COF scenario's); the reader's own when the report names none. */
export function useBuildContext(viewer: ReportViewer, currency?: string | null): ReportContext {
  const { t } = useTranslation('reports');
  const { language, units, timeZone } = viewer;
  const code = currency ? asCurrency(currency, language) : viewer.currency;
  return useMemo(() => {
    const fmt = reportFormat({ language, units, currency: code, timeZone, na: t('labels.na') });
    const csv = csvFormat({ language, units, currency: code, timeZone, na: '' });
    const unitSystem = units.diameter === 'in' ? 'imperial' : 'metric';
    return { t, fmt, csv, labels: labels({ t, language, unitSystem }) };
  }, [t, language, units, code, timeZone]);
}
