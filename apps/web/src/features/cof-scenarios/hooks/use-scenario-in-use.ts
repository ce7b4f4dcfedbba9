// The name of the COF scenario whose figures the network shows (the one its analysis used), for other screens to
// print beside those figures (issue 36: the project PDF); null without the COF subscription or before it loads.
import { useTranslation } from 'react-i18next';
import { useCofScenarios } from '../api/get-cof-scenarios.ts';
import { inUse, scenarioName } from '../lib/names.ts';

export function useCofScenarioInUseName(snapshotGroupId: number, enabled: boolean): string | null {
  const { t } = useTranslation('cof');
  const { data } = useCofScenarios(enabled ? snapshotGroupId : null);
  const current = data ? inUse(data) : null;
  return current ? scenarioName(t, current) : null;
}
