// The COF or BRE assessment a panel needs, fetched when the panel opens. If the server answers
// NO_COF_ASSESSMENT / NO_BRE_ASSESSMENT, the 'no … assessment found' warning shows for 5 s (TOAST-09/10),
// once per opening of the panel.
import { TOAST_MS } from '@pipewise/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { NO_ASSESSMENT_CODE, useAssessment, type RiskAssessmentKind } from '../api/get-assessment.ts';

export function usePanelAssessment(kind: RiskAssessmentKind, datasetId: number, enabled: boolean) {
  const { t } = useTranslation('details');
  const { show } = useToast();
  const query = useAssessment(kind, datasetId, enabled);
  const toasted = useRef(false);
  const missing = query.error instanceof ApiError && query.error.code === NO_ASSESSMENT_CODE[kind];

  useEffect(() => {
    if (!missing || toasted.current) return;
    toasted.current = true;
    show({ text: t(`${kind}.noAssessment`), color: 'warning', timer: TOAST_MS.long });
  }, [missing, kind, show, t]);

  return { ...query, missing };
}
