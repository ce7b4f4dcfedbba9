// The current client's details (issue 17, ADM-04, clientinfoentity): logo, address, contact number, grid flag and
// the two-step sign-in policy, edited by the client's administrators. The logo is read in the browser into a data
// URL and refused above CLIENT_IMAGE_MAX_BYTES before any upload; the server checks type and size again. The join
// domains (issue 37) say whose sign-ups need no approval.
import { CLIENT_IMAGE_MAX_BYTES, TOAST_MS, type Country } from '@pipewise/domain';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useClientInfo, useUpdateClientInfo, type ClientInfoData } from '../api/client-info.ts';
import { CountrySelect, knownCountry } from './CountrySelect.tsx';

const TEXT_FIELDS = ['contactNumber', 'street', 'city', 'state', 'zipCode', 'locale'] as const;
type TextField_ = (typeof TEXT_FIELDS)[number];
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** "a.gov, b.gov" or one per line → the list the server checks (issue 37: join domains). */
const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

function DetailsForm({ info }: { info: ClientInfoData }) {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const save = useUpdateClientInfo();
  const d = info.details;
  const [text, setText] = useState<Record<TextField_, string>>({
    contactNumber: d.contactNumber ?? '',
    street: d.street ?? '',
    city: d.city ?? '',
    state: d.state ?? '',
    zipCode: d.zipCode ?? '',
    locale: d.locale,
  });
  const [country, setCountry] = useState<Country>(knownCountry(d.country));
  const [image, setImage] = useState(d.image ?? '');
  const [grid, setGrid] = useState(d.grid);
  const [requireTwoFactor, setRequireTwoFactor] = useState(info.requireTwoFactor);
  const savedDomains = info.joinDomains.join(', ');
  const [joinDomains, setJoinDomains] = useState(savedDomains);
  const [domainsError, setDomainsError] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageError(null);
    if (!IMAGE_TYPES.includes(file.type)) return setImageError(t('details.imageType'));
    if (file.size > CLIENT_IMAGE_MAX_BYTES)
      return setImageError(t('details.imageSize', { kb: Math.round(CLIENT_IMAGE_MAX_BYTES / 1024) }));
    setImage(await readAsDataUrl(file));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        details: {
          image,
          grid,
          contactNumber: text.contactNumber.trim(),
          street: text.street.trim(),
          city: text.city.trim(),
          state: text.state.trim(),
          zipCode: text.zipCode.trim(),
          country,
          locale: text.locale.trim(),
        },
        requireTwoFactor,
        // Sent only when edited: a list staff opened to any address ('*') stays as it is.
        ...(joinDomains !== savedDomains && { joinDomains: splitDomains(joinDomains) }),
      },
      {
        onSuccess: () => {
          setDomainsError(false);
          show({ text: t('workflow.saved'), color: 'success', timer: TOAST_MS.normal });
        },
        onError: (error) => {
          setDomainsError(
            error instanceof ApiError && (error.fields ?? []).some((f) => /^join_?domains/i.test(f.field)),
          );
          show({ text: t('workflow.saveFailed'), color: 'error', timer: TOAST_MS.long });
        },
      },
    );
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit} data-testid="admin-client-details">
      <Typography variant="h6" component="h2">
        {t('details.title', { name: info.name })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar variant="rounded" src={image || undefined} alt={info.name} sx={{ width: 64, height: 64 }} />
        <Button component="label" variant="outlined" data-testid="admin-client-image-pick">
          {t('details.imagePick')}
          <input hidden type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => void pick(e)} />
        </Button>
        {image && (
          <Button onClick={() => setImage('')} data-testid="admin-client-image-remove">
            {t('details.imageRemove')}
          </Button>
        )}
      </Stack>
      {imageError && (
        <Alert severity="warning" data-testid="admin-client-image-error">
          {imageError}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {TEXT_FIELDS.map((f) => (
          <TextField
            key={f}
            size="small"
            label={t(`details.fields.${f}`)}
            value={text[f]}
            onChange={(e) => setText((v) => ({ ...v, [f]: e.target.value }))}
            slotProps={{
              htmlInput: { maxLength: 200, 'data-testid': `admin-client-${f}` },
            }}
          />
        ))}
        <CountrySelect
          label={t('details.fields.country')}
          value={country}
          onChange={setCountry}
          testId="admin-client-country"
        />
      </Stack>
      <FormControlLabel
        control={<Switch checked={grid} onChange={(e) => setGrid(e.target.checked)} />}
        label={t('details.grid')}
      />
      <FormControlLabel
        control={
          <Switch
            checked={requireTwoFactor}
            onChange={(e) => setRequireTwoFactor(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'admin-client-require-2fa' } as object }}
          />
        }
        label={t('details.requireTwoFactor')}
      />
      <RegistrationCode code={info.registrationCode} />
      <TextField
        size="small"
        label={t('details.joinDomains')}
        value={joinDomains}
        onChange={(e) => setJoinDomains(e.target.value)}
        error={domainsError}
        helperText={t(domainsError ? 'details.joinDomainsInvalid' : 'details.joinDomainsHelp')}
        placeholder="springfield.gov"
        slotProps={{ htmlInput: { 'data-testid': 'admin-client-join-domains' } }}
      />
      <div>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          data-testid="admin-client-details-save"
        >
          {t('workflow.save')}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * The code colleagues register with (issue 37): shown to administrators, renewed when it has gone too far, or
 * turned off so that colleagues can only be invited. Saved at once, apart from the form's other fields.
 */
function RegistrationCode({ code }: { code: string | null }) {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const save = useUpdateClientInfo();
  const set = (registrationCode: 'new' | null) =>
    save.mutate(
      { registrationCode },
      {
        onSuccess: () => show({ text: t('workflow.saved'), color: 'success', timer: TOAST_MS.normal }),
        onError: () => show({ text: t('workflow.saveFailed'), color: 'error', timer: TOAST_MS.long }),
      },
    );
  return (
    <Stack spacing={0.5} data-testid="admin-registration-code">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography>
          {t('details.registrationCode')}:{' '}
          {code ? (
            <Typography component="code" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {code}
            </Typography>
          ) : (
            <Typography component="span" color="text.secondary">
              {t('details.registrationCodeNone')}
            </Typography>
          )}
        </Typography>
        <Button size="small" disabled={save.isPending} onClick={() => set('new')}>
          {t(code ? 'details.registrationCodeNew' : 'details.registrationCodeCreate')}
        </Button>
        {code && (
          <Button size="small" color="warning" disabled={save.isPending} onClick={() => set(null)}>
            {t('details.registrationCodeOff')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('details.registrationCodeHelp')}
      </Typography>
    </Stack>
  );
}

export function ClientDetailsForm() {
  const { t } = useTranslation('admin');
  const info = useClientInfo();
  if (info.isError) return <Alert severity="error">{t('workflow.loadFailed')}</Alert>;
  if (!info.data) return null;
  return <DetailsForm key={info.data.id} info={info.data} />;
}
