// One kind of problem: how many rows have it, and the first of them (row, field, value, message).
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { ValidationReport } from '../../api/validate-import.ts';

type Tally = ValidationReport['problems'][string];

export function ProblemTable({ kind, label, tally }: { kind: string; label: string; tally: Tally }) {
  const { t } = useTranslation('data');
  return (
    <Box data-testid={`import-problem-${kind}`}>
      <Typography variant="subtitle2">
        {t('wizard.review.problemCount', { label, count: tally.count })}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('wizard.review.row')}</TableCell>
            <TableCell>{t('wizard.review.field')}</TableCell>
            <TableCell>{t('wizard.review.value')}</TableCell>
            <TableCell>{t('wizard.review.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tally.examples.map((e, i) => (
            <TableRow key={i}>
              <TableCell>{e.row}</TableCell>
              <TableCell>{t(`field.${e.field}`, { defaultValue: e.field })}</TableCell>
              <TableCell>{e.value}</TableCell>
              <TableCell>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
