// Pages of a planner list (5 per page, PLAN-LIST-01/02) with the total count.
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PageMetaView } from '../../api/types.ts';

export function Pager(props: {
  meta: PageMetaView | undefined;
  page: number;
  onPage: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation('planner');
  const { meta } = props;
  if (!meta) return null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid={`${props.testId}-total`}
        data-total={meta.totalResults}
      >
        {t('common.total', { count: meta.totalResults })}
      </Typography>
      {meta.totalPages > 1 && (
        <Pagination
          size="small"
          count={meta.totalPages}
          page={Math.min(props.page, meta.totalPages)}
          onChange={(_, page) => props.onPage(page)}
          data-testid={`${props.testId}-pages`}
        />
      )}
    </Stack>
  );
}
