// RUL panel: remaining useful life with the display rules of spec 000 §5 (n/a, '100+ years').
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../../format.ts';
import type { AssetDetails } from '../../types.ts';
import { DetailRow } from '../DetailRow.tsx';

export function RulPanel({ pipe, fmt }: { pipe: AssetDetails; fmt: Formatters }) {
  const { t } = useTranslation('details');
  return <DetailRow label={t('rul.label')} value={fmt.rul(pipe.rul)} testId="rul-value" />;
}
