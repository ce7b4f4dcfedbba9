// The audit log of a client (issue 17): who changed what and when, newest first, paged on the server.
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AUDIT_PAGE_SIZE } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudit, type AuditEntry } from '../api/get-audit.ts';
import { auditChanges } from '../lib/audit-changes.ts';

export function AuditLog({ clientId }: { clientId: number }) {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(0);
  const audit = useAudit(clientId, page + 1, AUDIT_PAGE_SIZE);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const target = (e: AuditEntry) => `${t(`audit.target.${e.targetType}`)} #${e.targetId}`;

  return (
    <div data-testid="admin-audit">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('audit.title')}
      </Typography>
      {audit.isError && <Alert severity="error">{t('audit.loadFailed')}</Alert>}
      {audit.data?.totalCount === 0 && <Typography color="text.secondary">{t('audit.empty')}</Typography>}
      {!!audit.data?.totalCount && (
        <>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('audit.when')}</TableCell>
                <TableCell>{t('audit.who')}</TableCell>
                <TableCell>{t('audit.what')}</TableCell>
                <TableCell>{t('audit.changes')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {audit.data.entries.map((e) => (
                <TableRow key={e.id} data-testid={`admin-audit-${e.id}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(e.createdAt))}</TableCell>
                  <TableCell>{e.actorEmail}</TableCell>
                  <TableCell>
                    {t(`audit.action.${e.action}`)} · {target(e)}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    {auditChanges(t, i18n.language, e.changes).join(' · ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={audit.data.totalCount}
            page={page}
            rowsPerPage={AUDIT_PAGE_SIZE}
            rowsPerPageOptions={[]}
            onPageChange={(_e, p) => setPage(p)}
          />
        </>
      )}
    </div>
  );
}
