// Users' feedback for platform staff (issue 17), newest first, paged on the server.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedbackList } from '../api/get-feedback.ts';

const PAGE_SIZE = 10;

export function FeedbackList({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(0);
  const list = useFeedbackList(enabled, page + 1, PAGE_SIZE);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (list.data?.totalCount === 0)
    return <Typography color="text.secondary">{t('feedback.empty')}</Typography>;
  if (!list.data) return null;
  return (
    <div data-testid="admin-feedback">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('audit.when')}</TableCell>
            <TableCell>{t('audit.who')}</TableCell>
            <TableCell>{t('feedback.category')}</TableCell>
            <TableCell>{t('feedback.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data.items.map((f) => (
            <TableRow key={f.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(f.createdAt))}</TableCell>
              <TableCell>
                {f.userEmail}
                <Typography variant="body2" color="text.secondary">
                  {f.clientName}
                </Typography>
              </TableCell>
              <TableCell>{t(`feedback.categories.${f.category}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>
                <strong>{f.subject}</strong>
                {'\n'}
                {f.message}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={list.data.totalCount}
        page={page}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_e, p) => setPage(p)}
      />
    </div>
  );
}
