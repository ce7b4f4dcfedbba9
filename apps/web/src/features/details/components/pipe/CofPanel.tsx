// COF panel: the cost breakdown of 001 §3 in the COF scenario's currency, the level, and the pipes and valves
// a failure affects (DET-COF-01/02). The environmental damage row is hidden for Japan clients except client 47
// (SUB-17). Shown only with COF and dataset origin 1 (SUB-05); the gate is applied by PipeDetails.
import { Box, Divider, Typography } from '@mui/material';
import type { CurrencyCode } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../../format.ts';
import { usePanelAssessment } from '../../hooks/use-panel-assessment.ts';
import type { Viewer } from '../../hooks/use-viewer.ts';
import type { AssetDetails } from '../../types.ts';
import { AssetLinkList } from '../AssetLinkList.tsx';
import { DetailRow } from '../DetailRow.tsx';
import { cofBasisTexts } from './cof-basis.ts';
import { levelName } from './levels.ts';

type CofDetails = NonNullable<AssetDetails['cof']>;
type CostKey = Exclude<
  keyof CofDetails,
  'cofLevel' | 'affectedPipes' | 'affectedPipesTotal' | 'affectedValves' | 'basis'
>;

/** The rows in the order of 001 §3; cofTotal last. */
export const COF_ROWS: readonly CostKey[] = [
  'direct',
  'intenseRepair',
  'standardRepair',
  'indirect',
  'noWater',
  'trafficDisruption',
  'criticalFacilities',
  'propertyDamage',
  'environment',
  'custom',
  'cofTotal',
];

export function cofRows(hidesJapanItems: boolean): CostKey[] {
  return COF_ROWS.filter((key) => !(hidesJapanItems && key === 'environment'));
}

interface Props {
  datasetId: number;
  pipe: AssetDetails;
  viewer: Viewer;
  fmt: Formatters;
}

export function CofPanel({ datasetId, pipe, viewer, fmt }: Props) {
  const { t } = useTranslation(['details', 'cof']);
  const assessment = usePanelAssessment('cof', datasetId, true);
  const currency = (assessment.data?.currency ?? viewer.currency) as CurrencyCode;
  const cof = pipe.cof;
  if (!cof) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="cof-empty">
        {assessment.missing ? t('cof.noAssessment') : t('common.noResults')}
      </Typography>
    );
  }
  const model = assessment.data?.scenarioName
    ? assessment.data.scenarioId == null
      ? t('cof:defaultName', { currency })
      : assessment.data.scenarioName
    : null;
  // Issue 38: under each amount, how it was computed (null for a run stored before the engine kept its basis).
  const basis = cof.basis ? cofBasisTexts(cof.basis, pipe.length, currency, fmt, t) : null;
  return (
    <>
      {model && (
        // Issue 38: the cost model these figures come from, named as the sub-bar and the reports name it.
        <DetailRow label={t('cof.model')} value={model} testId="cof-model" />
      )}
      {cof.basis && (
        <DetailRow
          label={t('cof.basis.calculation')}
          value={t(`cof:types.${cof.basis.calculation}`)}
          testId="cof-calculation"
        />
      )}
      {cofRows(viewer.hidesJapanItems).map((key) => (
        <Box key={key}>
          <DetailRow
            label={t(`cof.rows.${key}`)}
            value={fmt.currency(cof[key], currency)}
            testId={`cof-${key}`}
          />
          {basis?.[key] && (
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ pl: 1, pb: 0.5 }}
              data-testid={`cof-basis-${key}`}
            >
              {basis[key]}
            </Typography>
          )}
        </Box>
      ))}
      <DetailRow label={t('cof.level')} value={levelName(t, cof.cofLevel)} testId="cof-level" />
      <Divider sx={{ my: 1 }} />
      <Typography variant="caption" color="text.secondary">
        {t('cof.affectedPipes', { count: cof.affectedPipesTotal })}
      </Typography>
      <AssetLinkList items={cof.affectedPipes} testId="cof-affected-pipes" />
      {cof.affectedPipesTotal > cof.affectedPipes.length && (
        <Typography variant="caption" color="text.secondary" data-testid="cof-affected-pipes-truncated">
          {t('vis.pipesTruncated', { shown: cof.affectedPipes.length, count: cof.affectedPipesTotal })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('cof.affectedValves', { count: cof.affectedValves.length })}
      </Typography>
      <AssetLinkList items={cof.affectedValves} testId="cof-affected-valves" />
    </>
  );
}
