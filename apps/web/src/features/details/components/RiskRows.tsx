// The figures that tell areas apart (issue 15): an area's combined LOF, 1 − Π(1 − lof), reads 100 % for any district,
// so the pane shows what grows with the area instead: its expected breaks a year, their rate per km (per mile for
// imperial users) and the share of its length at high or very high risk (BRE levels 4–5). Shared by the area and
// the valve-isolation-segment details.
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../format.ts';
import type { Viewer } from '../hooks/use-viewer.ts';
import { DetailRow } from './DetailRow.tsx';

export interface RiskRowsProps {
  viewer: Viewer;
  fmt: Formatters;
  expectedBreaks: number | null | undefined;
  /** Per km and year; undefined leaves the row out (a segment shows its rates by horizon in its own table). */
  breakRatePerKm?: number | null;
  topRiskShare: number | null | undefined;
  testIdPrefix: string;
}

export function RiskRows({
  viewer,
  fmt,
  expectedBreaks,
  breakRatePerKm,
  topRiskShare,
  testIdPrefix,
}: RiskRowsProps) {
  const { t } = useTranslation('details');
  // The share reads BRE levels, which BRE and COF open (the server nulls it otherwise): the BRE panel's marker.
  const bre = viewer.has('BRE') && viewer.has('COF');
  const perMile = viewer.units.segmentLarge === 'mi';
  return (
    <>
      <DetailRow
        label={t('risk.expectedBreaks')}
        value={fmt.decimal(expectedBreaks, 2)}
        testId={`${testIdPrefix}-expected-breaks`}
      />
      {breakRatePerKm !== undefined && (
        <DetailRow
          label={t(perMile ? 'risk.breakRatePerMile' : 'risk.breakRatePerKm')}
          value={fmt.breakRate(breakRatePerKm)}
          testId={`${testIdPrefix}-break-rate`}
        />
      )}
      <DetailRow
        label={t('risk.topRiskShare')}
        value={bre ? fmt.share(topRiskShare) : t('bre.restricted')}
        testId={`${testIdPrefix}-top-risk-share`}
      />
    </>
  );
}
