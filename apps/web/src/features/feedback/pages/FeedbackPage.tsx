// /user/feedback (issue 17): feedback to the platform staff, reached from the user menu. §8: a toast on success
// and on failure; the form empties once sent.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FEEDBACK_CATEGORIES, TOAST_MS } from '@pipewise/domain';
import type { FeedbackCategory } from '@pipewise/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../session/index.ts';
import { useSendFeedback } from '../api/post-feedback.ts';

export function FeedbackPage() {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const { data: user } = useCurrentUser();
  const mutation = useSendFeedback();
  const [category, setCategory] = useState<FeedbackCategory>('question');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const valid = subject.trim() !== '' && message.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!valid) return;
    mutation.mutate(
      { category, subject: subject.trim(), message: message.trim() },
      {
        onSuccess: () => {
          setSubject('');
          setMessage('');
          setTried(false);
          show({ text: t('feedback.sent'), color: 'success', timer: TOAST_MS.normal });
        },
        onError: (error) =>
          show({
            text: error instanceof ApiError && error.status === 429 ? error.message : t('feedback.failed'),
            color: 'error',
            timer: TOAST_MS.long,
          }),
      },
    );
  };

  return (
    <Container maxWidth="sm" sx={{ py: 4 }} data-testid="feedback-page">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('feedback.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('feedback.description')}
      </Typography>
      {user?.isDemo && <Alert severity="info">{t('feedback.demo')}</Alert>}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack component="form" spacing={2} noValidate onSubmit={submit} data-testid="feedback-form">
          <TextField
            select
            label={t('feedback.category')}
            value={category}
            onChange={(e) => setCategory(e.target.value as FeedbackCategory)}
            slotProps={{ htmlInput: { 'data-testid': 'feedback-category' } }}
          >
            {FEEDBACK_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`feedback.categories.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('feedback.subject')}
            value={subject}
            required
            error={tried && subject.trim() === ''}
            onChange={(e) => setSubject(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'feedback-subject' } }}
          />
          <TextField
            label={t('feedback.message')}
            value={message}
            required
            multiline
            minRows={5}
            error={tried && message.trim() === ''}
            onChange={(e) => setMessage(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'feedback-message' } }}
          />
          <div>
            <Button
              type="submit"
              variant="contained"
              disabled={mutation.isPending || user?.isDemo === true}
              data-testid="feedback-submit"
            >
              {t('feedback.send')}
            </Button>
          </div>
        </Stack>
      </Paper>
    </Container>
  );
}
