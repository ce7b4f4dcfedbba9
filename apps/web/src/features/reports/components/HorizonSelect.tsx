// The LOF horizon of a report: 12, 24, 36 or 60 months (001 §9).
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LOF_MONTHS, localizeDigits, type LofMonths } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';

interface Props {
  value: LofMonths;
  onChange: (months: LofMonths) => void;
}

export function HorizonSelect({ value, onChange }: Props) {
  const { t, i18n } = useTranslation('reports');
  const digits = (months: number) => localizeDigits(String(months), i18n.language);
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      onChange={(_e, next: LofMonths | null) => next !== null && onChange(next)}
      aria-label={t('horizon.label')}
      data-testid="report-horizon"
    >
      {LOF_MONTHS.map((months) => (
        <ToggleButton
          key={months}
          value={months}
          aria-label={t('labels.withinMonths', { months: digits(months) })}
          data-testid={`report-horizon-${months}`}
        >
          {t('horizon.months', { months: digits(months) })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
