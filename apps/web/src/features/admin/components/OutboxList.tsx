// Mails kept in DATA_DIR/outbox (no SMTP configured), newest first, each expandable to its text.
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OutboxMail } from '../api/get-outbox.ts';

export function OutboxList({ mails }: { mails: OutboxMail[] }) {
  const { t, i18n } = useTranslation('admin');
  if (mails.length === 0) {
    return <Typography color="text.secondary">{t('outbox.empty')}</Typography>;
  }
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div data-testid="admin-outbox">
      {mails.map((mail) => (
        <Accordion key={mail.id} disableGutters data-testid="admin-outbox-mail">
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography sx={{ flex: 1, fontWeight: 600 }}>{mail.subject}</Typography>
            <Typography color="text.secondary" sx={{ mx: 2 }}>
              {mail.to}
            </Typography>
            <Typography color="text.secondary">{when.format(new Date(mail.createdAt))}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
              {mail.text}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
