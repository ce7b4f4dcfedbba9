// The cost master editor of one scenario: name, calculation type, d1–d6 of each cost, custom COFs and the read-only
// assumptions. Save sends the changed fields (PATCH); when the scenario is in use the server re-runs COF and BRE, the
// scenario is polled until its results are current, and the page then says the map has new results. Users without
// write rights see the same page read-only.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { TOAST_MS, formatCurrency, formatNumber, type CurrencyCode } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../../components/confirm-dialog/index.ts';
import { useToast } from '../../../../components/toast/index.ts';
import { useUpdateCofScenario } from '../../api/update-cof-scenario.ts';
import { useLeaveGuard } from '../../hooks/use-leave-guard.ts';
import { useResultsReady } from '../../hooks/use-results-ready.ts';
import { useScenarioEditor } from '../../hooks/use-scenario-editor.ts';
import { scenarioType } from '../../lib/calculation.ts';
import { isValid } from '../../lib/editor-draft.ts';
import { errorText } from '../../lib/error-text.ts';
import type { CofViewer } from '../../lib/viewer.ts';
import type { CofScenario } from '../../types.ts';
import { CustomCofSection } from '../custom-cofs/CustomCofSection.tsx';
import { CostMasterSection } from './CostMasterSection.tsx';
import { EditorHeader } from './EditorHeader.tsx';
import { ParametersPanel } from './ParametersPanel.tsx';
import { ValidationSummary } from './ValidationSummary.tsx';

const CURRENCIES: readonly string[] = ['USD', 'JPY', 'EUR'];

export interface ScenarioEditorFormProps {
  scenario: CofScenario;
  datasetId: number | null;
  viewer: CofViewer;
  onApplied?: () => void;
  onResultsReady?: () => void;
}

export function ScenarioEditorForm({
  scenario,
  datasetId,
  viewer,
  onApplied,
  onResultsReady,
}: ScenarioEditorFormProps) {
  const { t } = useTranslation('cof');
  const { show } = useToast();
  const confirm = useConfirm();
  const editor = useScenarioEditor(scenario);
  const update = useUpdateCofScenario();
  // Its own mutation, so the Save button does not read 'Saving…' while the scenario is being put in use.
  const enable = useUpdateCofScenario();
  const results = useResultsReady(scenario.runs, onResultsReady);
  const [triedSave, setTriedSave] = useState(false);
  const readOnly = !viewer.canEdit;
  useLeaveGuard(editor.dirty && !update.isPending);

  const money = { currency: scenario.currency, perLengthUnit: scenario.perLengthUnit };
  const formatAmount = (amount: number) =>
    CURRENCIES.includes(scenario.currency)
      ? formatCurrency(amount, scenario.currency as CurrencyCode, viewer.language)
      : `${formatNumber(amount, viewer.language, { decimals: 2 })} ${scenario.currency}`;

  const save = () => {
    setTriedSave(true);
    const patch = editor.patch();
    if (!patch) {
      show({ text: t('validation.toast'), color: 'error', timer: TOAST_MS.long });
      return;
    }
    if (scenario.id === null || Object.keys(patch).length === 0) return;
    update.mutate(
      { id: scenario.id, patch },
      {
        onSuccess: (saved) => {
          editor.saved(saved);
          setTriedSave(false);
          const rerun = saved.enabled && ('costMaster' in patch || 'customCofs' in patch);
          show({
            text: rerun ? t('editor.savedRerun') : t('editor.saved'),
            color: 'success',
            timer: TOAST_MS.normal,
          });
          if (rerun) onApplied?.();
        },
        onError: (err) => show({ text: errorText(t, err), color: 'error', timer: TOAST_MS.long }),
      },
    );
  };

  // Putting it in use re-runs COF and BRE for the network: asked first, as on the list.
  const use = async () => {
    if (scenario.id === null) return;
    const name = scenario.name;
    const ok = await confirm({
      title: t('enable.title', { name }),
      description: t('enable.text'),
      action: t('enable.action'),
      cancel: t('actions.cancel'),
    });
    if (!ok) return;
    enable.mutate(
      { id: scenario.id, patch: { enabled: true } },
      {
        onSuccess: () => {
          show({ text: t('enable.done', { name }), color: 'success', timer: TOAST_MS.normal });
          onApplied?.();
        },
        onError: (err) => show({ text: errorText(t, err), color: 'error', timer: TOAST_MS.long }),
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="cof-editor" data-id={scenario.id}>
      <EditorHeader
        name={editor.draft.name}
        nameMissing={editor.check.nameMissing}
        type={scenarioType(editor.draft.costMaster)}
        enabled={scenario.enabled}
        runs={scenario.runs}
        readOnly={readOnly}
        dirty={editor.dirty}
        saving={update.isPending}
        busy={update.isPending || enable.isPending}
        onName={editor.setName}
        onDiscard={editor.discard}
        onSave={save}
        onUse={() => void use()}
      />
      {readOnly && (
        <Alert severity="info" data-testid="cof-read-only">
          {t('editor.readOnlyNotice')}
        </Alert>
      )}
      {results.ready && (
        <Alert
          severity="success"
          onClose={results.dismiss}
          data-testid="cof-results-ready"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/map">
              {t('editor.openMap')}
            </Button>
          }
        >
          {t('editor.resultsReady')}
        </Alert>
      )}
      {triedSave && !isValid(editor.check) && <ValidationSummary check={editor.check} viewer={viewer} />}
      <CostMasterSection
        costMaster={editor.draft.costMaster}
        issues={editor.check.tierIssues}
        money={money}
        viewer={viewer}
        readOnly={readOnly}
        onKind={editor.chooseKind}
        onTier={editor.setTier}
      />
      <CustomCofSection
        cofs={editor.draft.customCofs}
        readOnly={readOnly}
        datasetId={datasetId}
        unit={viewer.diameterUnit}
        language={viewer.language}
        currency={scenario.currency}
        formatAmount={formatAmount}
        onChange={editor.setCustomCofs}
      />
      <ParametersPanel parameters={scenario.parameters} />
    </Stack>
  );
}
