// The top five risk drivers by name (DET-PIPE-05): the server sends them in the user's language.
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

type DriverNames = {
  lofRiskDriverName0: string | null;
  lofRiskDriverName1: string | null;
  lofRiskDriverName2: string | null;
  lofRiskDriverName3: string | null;
  lofRiskDriverName4: string | null;
};

export const RISK_DRIVERS_SHOWN = 5;

export function driverNames(record: DriverNames): string[] {
  return [
    record.lofRiskDriverName0,
    record.lofRiskDriverName1,
    record.lofRiskDriverName2,
    record.lofRiskDriverName3,
    record.lofRiskDriverName4,
  ]
    .filter((name): name is string => Boolean(name))
    .slice(0, RISK_DRIVERS_SHOWN);
}

export function RiskDrivers({ record, testId }: { record: DriverNames; testId: string }) {
  const { t } = useTranslation('details');
  const names = driverNames(record);
  return (
    <>
      <Typography variant="caption" color="text.secondary">
        {t('lof.riskDrivers')}
      </Typography>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
          {t('common.none')}
        </Typography>
      ) : (
        <List dense disablePadding component="ol" data-testid={testId}>
          {names.map((name, index) => (
            <ListItem key={`${index}-${name}`} disablePadding>
              <ListItemText primary={`${index + 1}. ${name}`} />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
