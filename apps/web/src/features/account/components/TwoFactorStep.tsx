// The second step of a login (issue 17): the six-digit code mailed to the user, with a way to get a new one.
// A plain controlled field: one value, checked by the server (tries left, expiry).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOAST_MS } from '@pipewise/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { completeLogin, resendLoginCode, type LoginChallenge } from '../../session/index.ts';
import { errorText } from '../lib/error-text.ts';
import { SubmitButton } from './SubmitButton.tsx';

interface Props {
  challenge: LoginChallenge;
  onSignedIn: () => void;
  onRestart: () => void;
}

export function TwoFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation('account');
  const { show } = useToast();
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState(challenge.sentTo);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const valid = /^\d{6}$/.test(code);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setFailure(null);
    setPending(true);
    try {
      await completeLogin(challenge.challenge, code);
    } catch (error) {
      setFailure(errorText(t, error));
      setPending(false);
      return;
    }
    onSignedIn();
  };

  const resend = async () => {
    setFailure(null);
    try {
      setSentTo((await resendLoginCode(challenge.challenge)).sentTo);
      setCode('');
      show({ text: t('twoFactor.resent'), color: 'success', timer: TOAST_MS.normal });
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="two-factor-form">
      <Stack spacing={2.5}>
        <Typography color="text.secondary" data-testid="two-factor-sent-to">
          {t('twoFactor.sentTo', { email: sentTo })}
        </Typography>
        {failure && (
          <Alert severity="error" role="alert" data-testid="two-factor-error">
            {failure}
          </Alert>
        )}
        <TextField
          label={t('twoFactor.code')}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          autoFocus
          required
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'two-factor-code' } }}
          helperText={t('twoFactor.codeHelp')}
        />
        <SubmitButton pending={pending} disabled={!valid} testId="two-factor-submit">
          {t('twoFactor.submit')}
        </SubmitButton>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Button onClick={() => void resend()} data-testid="two-factor-resend">
            {t('twoFactor.resend')}
          </Button>
          <Button onClick={onRestart} data-testid="two-factor-restart">
            {t('twoFactor.restart')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
