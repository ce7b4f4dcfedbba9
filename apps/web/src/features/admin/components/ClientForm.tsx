// Staff create or change a client (issue 17): name, status, active flag, authorisation expiry, country, plan and
// subscriptions. A plain controlled form, validated again by the server.
import { CLIENT_STATUS, PLAN_TIER, SUBSCRIPTIONS } from '@pipewise/domain';
import type { Country, PlanTier, Subscription } from '@pipewise/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminClient } from '../api/get-admin-clients.ts';
import type { ClientInput } from '../api/manage-clients.ts';
import { CountrySelect, knownCountry } from './CountrySelect.tsx';

interface Props {
  /** The client to change; none for a new one. */
  client?: AdminClient | undefined;
  saving: boolean;
  failed: boolean;
  onSubmit: (body: ClientInput) => void;
}

/** The date input speaks YYYY-MM-DD; the API speaks ISO times (an expiry is the start of that day, UTC). */
const toDateInput = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const fromDateInput = (value: string) => (value ? `${value}T00:00:00.000Z` : null);

export function ClientForm({ client, saving, failed, onSubmit }: Props) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState(client?.name ?? '');
  const [status, setStatus] = useState<number>(client?.clientStatusTypeCode ?? CLIENT_STATUS.ACTIVE);
  const [active, setActive] = useState(client?.isActive ?? true);
  const [expiry, setExpiry] = useState(toDateInput(client?.authorizationExpiry));
  const [country, setCountry] = useState<Country>(knownCountry(client?.details.country));
  // A new client is a utility that pays for what it is given; staff lower it for a trial (issue 38).
  const [plan, setPlan] = useState<PlanTier>(
    (client?.planTier as PlanTier | undefined) ?? PLAN_TIER.PAID_BASE,
  );
  const [subscriptions, setSubscriptions] = useState<Subscription[]>(client?.subscriptions ?? []);
  const nameMissing = name.trim() === '';

  const toggle = (s: Subscription, on: boolean) =>
    setSubscriptions((list) => (on ? [...list, s] : list.filter((x) => x !== s)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nameMissing) return;
    onSubmit({
      name: name.trim(),
      clientStatusTypeCode: status,
      isActive: active,
      authorizationExpiry: fromDateInput(expiry),
      subscriptions: SUBSCRIPTIONS.filter((s) => subscriptions.includes(s)),
      details: { country },
      planTier: plan,
    });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid="admin-client-form">
      <TextField
        label={t('workflow.client.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        error={nameMissing}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('clients.status')}
          value={status}
          onChange={(e) => setStatus(Number(e.target.value))}
          sx={{ minWidth: 180 }}
        >
          {Object.values(CLIENT_STATUS).map((code) => (
            <MenuItem key={code} value={code}>
              {t(`clients.statusCode.${code}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label={t('workflow.client.expiry')}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={t('workflow.client.expiryHelp')}
        />
        <CountrySelect
          label={t('clients.country')}
          value={country}
          onChange={setCountry}
          testId="client-country"
        />
        <TextField
          select
          label={t('clients.plan')}
          value={plan}
          onChange={(e) => setPlan(Number(e.target.value) as PlanTier)}
          sx={{ minWidth: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'client-plan' } }}
        >
          {Object.values(PLAN_TIER).map((tier) => (
            <MenuItem key={tier} value={tier}>
              {t(`clients.planTier.${tier}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <FormControlLabel
        control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
        label={t('workflow.client.active')}
      />
      <div>
        <FormLabel component="legend">{t('clients.subscriptions')}</FormLabel>
        <FormGroup row>
          {SUBSCRIPTIONS.map((s) => (
            <FormControlLabel
              key={s}
              label={s}
              control={
                <Checkbox checked={subscriptions.includes(s)} onChange={(e) => toggle(s, e.target.checked)} />
              }
            />
          ))}
        </FormGroup>
      </div>
      {failed && <Alert severity="error">{t('workflow.saveFailed')}</Alert>}
      <div>
        <Button type="submit" variant="contained" disabled={saving || nameMissing}>
          {client ? t('workflow.save') : t('workflow.client.create')}
        </Button>
      </div>
    </Stack>
  );
}
