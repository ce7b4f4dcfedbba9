// /planner/programme (issue 39): the renewal programme of the dataset on the map, a page of the planner. The route
// joins what the planner feature may not import: the user, the current dataset and its COF scenario (whose currency
// the budgets are in), and the way back to the map, where a programme year's renewals are marked.
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { servedCofName } from '../../features/cof-scenarios/index.ts';
import { useCurrentSnapshot } from '../../features/datasets/index.ts';
import { ProgrammeView } from '../../features/planner/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';
import { MapNoData } from '../map/MapNoData.tsx';

export function ProgrammePage() {
  const { t } = useTranslation(['planner', 'cof']);
  const { data: user } = useCurrentUser();
  const { data: snapshot, isPending } = useCurrentSnapshot();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  if (isPending || !user) return null;
  const dataset = snapshot?.dataset;
  if (!dataset) return <MapNoData />;
  if (!user.subscriptions.includes('JOB_PLANNER'))
    return (
      <Alert severity="info" sx={{ m: 3 }}>
        {t('planner:programme.noPlanner')}
      </Alert>
    );
  const id = Number(params.get('id'));
  return (
    <ProgrammeView
      user={user}
      datasetId={dataset.id}
      datasetName={dataset.name}
      currency={dataset.cofScenario?.currency ?? user.units.currencyCode}
      cofName={(s) => servedCofName(t, s) ?? s.name}
      selectedId={Number.isInteger(id) && id > 0 ? id : null}
      onSelect={(next) => setParams(next === null ? {} : { id: String(next) })}
      onOpenMap={() => void navigate('/planner')}
    />
  );
}
