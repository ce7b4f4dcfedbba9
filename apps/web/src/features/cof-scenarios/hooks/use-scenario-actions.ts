// The list's actions on a scenario, each asking first where it re-runs the network's analysis: use one (enabling it
// disables the others, and COF and BRE run again with it), stop using one (the default takes over), delete one.
import { TOAST_MS } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useToast } from '../../../components/toast/index.ts';
import { useDeleteCofScenario } from '../api/delete-cof-scenario.ts';
import { useUpdateCofScenario } from '../api/update-cof-scenario.ts';
import { errorText } from '../lib/error-text.ts';
import { scenarioName } from '../lib/names.ts';
import type { CofScenario, CofScenarioList } from '../types.ts';

export function useScenarioActions(
  snapshotId: number,
  list: CofScenarioList | undefined,
  onApplied?: () => void,
) {
  const { t } = useTranslation('cof');
  const confirm = useConfirm();
  const { show } = useToast();
  const update = useUpdateCofScenario();
  const remove = useDeleteCofScenario(snapshotId);
  const failed = (err: unknown) => show({ text: errorText(t, err), color: 'error', timer: TOAST_MS.long });

  const setEnabled = async (id: number, enabled: boolean, name: string) => {
    try {
      await update.mutateAsync({ id, patch: { enabled } });
    } catch (err) {
      failed(err);
      return;
    }
    show({ text: t('enable.done', { name }), color: 'success', timer: TOAST_MS.normal });
    onApplied?.();
  };

  /** Turn a scenario on; for the default, turn the enabled saved one off. */
  const putInUse = async (scenario: CofScenario) => {
    const name = scenarioName(t, scenario);
    const ok = await confirm({
      title: t('enable.title', { name }),
      description: t('enable.text'),
      action: t('enable.action'),
      cancel: t('actions.cancel'),
    });
    if (!ok) return;
    if (scenario.id !== null) return setEnabled(scenario.id, true, name);
    const enabled = list?.cofScenarios.find((s) => s.enabled);
    if (enabled?.id != null) return setEnabled(enabled.id, false, name);
  };

  const stopUsing = async (scenario: CofScenario) => {
    if (scenario.id === null || !list) return;
    return putInUse(list.defaultScenario);
  };

  const del = async (scenario: CofScenario) => {
    if (scenario.id === null) return;
    const ok = await confirm({
      title: t('delete.title', { name: scenario.name }),
      description: scenario.enabled ? t('delete.textInUse') : t('delete.text'),
      action: t('delete.action'),
      cancel: t('actions.cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(scenario.id);
    } catch (err) {
      failed(err);
      return;
    }
    show({ text: t('delete.done', { name: scenario.name }), color: 'success', timer: TOAST_MS.normal });
    if (scenario.enabled) onApplied?.();
  };

  return { putInUse, stopUsing, del, busy: update.isPending || remove.isPending };
}
