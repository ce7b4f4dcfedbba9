// Into a new network (a name) or a new version of an existing one (GET /api/snapshot-groups).
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useTargetGroups } from '../../api/get-target-groups.ts';
import { useImportWizard } from '../../state.ts';
import { NativeSelect } from './NativeSelect.tsx';

export function TargetChoice() {
  const { t } = useTranslation('data');
  const { targetMode, newGroupName, groupId, set } = useImportWizard();
  const { data: groups = [] } = useTargetGroups();
  return (
    <Stack spacing={1}>
      <FormLabel>{t('wizard.target.label')}</FormLabel>
      <RadioGroup
        row
        value={targetMode}
        onChange={(e) => set({ targetMode: e.target.value as 'new' | 'existing' })}
      >
        <FormControlLabel
          value="new"
          control={<Radio slotProps={{ input: { 'data-testid': 'import-target-new' } as object }} />}
          label={t('wizard.target.new')}
        />
        <FormControlLabel
          value="existing"
          disabled={groups.length === 0}
          control={<Radio slotProps={{ input: { 'data-testid': 'import-target-existing' } as object }} />}
          label={t('wizard.target.existing')}
        />
      </RadioGroup>
      {targetMode === 'new' ? (
        <TextField
          label={t('wizard.target.name')}
          value={newGroupName}
          required
          onChange={(e) => set({ newGroupName: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'import-new-name', maxLength: 120 } }}
        />
      ) : (
        <NativeSelect
          label={t('wizard.target.group')}
          value={groupId == null ? '' : String(groupId)}
          onChange={(v) => set({ groupId: v === '' ? null : Number(v) })}
          options={[
            { value: '', label: t('wizard.target.chooseGroup') },
            ...groups.map((g) => ({ value: String(g.snapshotGroupEntityId), label: g.snapshotGroupName })),
          ]}
          testId="import-group"
        />
      )}
    </Stack>
  );
}
