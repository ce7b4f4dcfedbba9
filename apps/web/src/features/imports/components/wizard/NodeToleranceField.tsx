// The node tolerance of a pipes import, in the user's length unit (issue 16): without node ids, pipe ends closer
// than this become one node; with them, ends farther than this from their node's other ends are reported. Kept in
// metres; the text the user types is kept as typed, so feet do not jump while being edited.
import TextField from '@mui/material/TextField';
import { convertLength, lengthToMeters } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../session/index.ts';
import { useImportWizard } from '../../state.ts';

/** The server's bounds, in metres. */
const MIN_M = 0.001;
const MAX_M = 100;

export const nodeToleranceOk = (m: number) => Number.isFinite(m) && m >= MIN_M && m <= MAX_M;

export function NodeToleranceField() {
  const { t } = useTranslation('data');
  const unit = useCurrentUser().data?.units.user.segment ?? 'm';
  const { nodeToleranceM, mapping, set } = useImportWizard();
  const [text, setText] = useState(() =>
    Number.isFinite(nodeToleranceM)
      ? String(Math.round(convertLength(nodeToleranceM, unit) * 1000) / 1000)
      : '',
  );
  const byIds = Boolean(mapping?.['fromNode'] && mapping['toNode']);
  return (
    <TextField
      type="number"
      label={t('wizard.questions.nodeTolerance', { unit: t(`wizard.questions.choice.lengthUnit.${unit}`) })}
      value={text}
      error={!nodeToleranceOk(nodeToleranceM)}
      helperText={t(byIds ? 'wizard.questions.nodeToleranceByIds' : 'wizard.questions.nodeToleranceSnap')}
      onChange={(e) => {
        setText(e.target.value);
        set({ nodeToleranceM: e.target.value === '' ? NaN : lengthToMeters(Number(e.target.value), unit) });
      }}
      slotProps={{ htmlInput: { min: 0, step: 0.1, 'data-testid': 'import-node-tolerance' } }}
    />
  );
}
