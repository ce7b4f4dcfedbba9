// Step 1: the file, what it holds (type, asset layer) and where it goes (a new network or a new version).
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ASSET_LAYER, IMPORT_TYPE } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useImportWizard } from '../../state.ts';
import { NativeSelect } from './NativeSelect.tsx';
import { TargetChoice } from './TargetChoice.tsx';
import { WizardNav } from './WizardNav.tsx';

export function FileStep() {
  const { t } = useTranslation('data');
  const { file, type, assetLayer, targetMode, newGroupName, groupId, set } = useImportWizard();
  const targetReady = targetMode === 'new' ? newGroupName.trim() !== '' : groupId != null;
  // A new kind means new target fields: the mapping is asked again.
  const changeKind = (patch: Parameters<typeof set>[0]) => set({ ...patch, mapping: null, materials: {} });

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" component="label">
          {t('wizard.file.choose')}
          <input
            hidden
            type="file"
            accept=".geojson,.json,.zip,.gpkg,.csv,.inp"
            data-testid="import-file-input"
            onChange={(e) =>
              set({ file: e.target.files?.[0] ?? null, upload: null, layer: null, mapping: null })
            }
          />
        </Button>
        <Typography data-testid="import-file-name" color={file ? 'text.primary' : 'text.secondary'}>
          {file?.name ?? t('wizard.file.none')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('wizard.file.formats')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NativeSelect
          label={t('wizard.file.type')}
          value={type}
          onChange={(v) => changeKind({ type: v as typeof type })}
          options={IMPORT_TYPE.map((v) => ({ value: v, label: t(`type.${v}`) }))}
          testId="import-type"
        />
        {type === 'assets' && (
          <NativeSelect
            label={t('wizard.file.assetLayer')}
            value={assetLayer}
            onChange={(v) => changeKind({ assetLayer: v as typeof assetLayer })}
            options={ASSET_LAYER.map((v) => ({ value: v, label: t(`assetLayer.${v}`) }))}
            testId="import-asset-layer"
          />
        )}
      </Stack>
      <TargetChoice />
      <WizardNav canNext={file != null && targetReady} hideBack />
    </Stack>
  );
}
