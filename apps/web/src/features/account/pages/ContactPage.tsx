// /user/contact (issue 17): the contact-us form for visitors without an account, linked from the login page. The
// server checks the fields again (contactUsRequestSchema) and limits messages per address.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TOAST_MS } from '@pipewise/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { useContactUs } from '../api/post-contact-us.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { RouterLink } from '../components/RouterLink.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { errorText } from '../lib/error-text.ts';

const EMPTY = { name: '', email: '', subject: '', message: '' };
type Field = keyof typeof EMPTY;
const FIELDS: { name: Field; max: number; multiline?: boolean; type?: string }[] = [
  { name: 'name', max: 150 },
  { name: 'email', max: 254, type: 'email' },
  { name: 'subject', max: 200 },
  { name: 'message', max: 5000, multiline: true },
];

export function ContactPage() {
  const { t } = useTranslation('account');
  const { show } = useToast();
  const mutation = useContactUs();
  const [values, setValues] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState(false);
  const missing = (f: Field) => values[f].trim() === '';
  const badEmail = values.email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim());
  const valid = FIELDS.every((f) => !missing(f.name)) && !badEmail;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!valid) return;
    const body = Object.fromEntries(FIELDS.map((f) => [f.name, values[f.name].trim()])) as typeof EMPTY;
    mutation.mutate(body, {
      onSuccess: () => {
        setSent(true);
        show({ text: t('contact.sent'), color: 'success', timer: TOAST_MS.normal });
      },
      onError: (error) => show({ text: errorText(t, error), color: 'error', timer: TOAST_MS.long }),
    });
  };

  return (
    <AuthCard title={t('contact.title')} subtitle={t('contact.subtitle')} testId="contact-page">
      {sent ? (
        <Alert severity="success" data-testid="contact-sent">
          {t('contact.sent')}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit} data-testid="contact-form">
          <Stack spacing={2}>
            {mutation.isError && (
              <Alert severity="error" role="alert">
                {errorText(t, mutation.error)}
              </Alert>
            )}
            {FIELDS.map((f) => {
              const error = tried && (missing(f.name) || (f.name === 'email' && badEmail));
              return (
                <TextField
                  key={f.name}
                  label={t(`contact.fields.${f.name}`)}
                  value={values[f.name]}
                  type={f.type ?? 'text'}
                  required
                  multiline={f.multiline === true}
                  minRows={f.multiline ? 4 : undefined}
                  error={error}
                  helperText={
                    error ? t(missing(f.name) ? 'contact.required' : 'contact.badEmail') : undefined
                  }
                  onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  slotProps={{ htmlInput: { maxLength: f.max, 'data-testid': `contact-${f.name}` } }}
                />
              );
            })}
            <SubmitButton pending={mutation.isPending} testId="contact-submit">
              {t('contact.submit')}
            </SubmitButton>
          </Stack>
        </Box>
      )}
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <RouterLink to="/user/login" testId="contact-login-link">
          {t('contact.back')}
        </RouterLink>
      </Box>
    </AuthCard>
  );
}
