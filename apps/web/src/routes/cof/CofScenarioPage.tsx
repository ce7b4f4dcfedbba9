// /cof/scenarios/{id} (001 §2): one scenario's cost master and custom COFs; without the COF subscription, why not.
import { useParams } from 'react-router';
import {
  CofScenarioEditor,
  CofSubscriptionRequired,
  hasCofSubscription,
  useCofViewer,
  type CofUser,
} from '../../features/cof-scenarios/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';
import { parseScenarioId } from './scenario-id.ts';
import { useCofPage } from './use-cof-page.ts';

export function CofScenarioPage() {
  const { data: user } = useCurrentUser();
  const id = parseScenarioId(useParams().id);
  if (!user || id === null) return null;
  if (!hasCofSubscription(user)) return <CofSubscriptionRequired />;
  return <Scenario user={user} id={id} />;
}

function Scenario({ user, id }: { user: CofUser; id: number }) {
  const viewer = useCofViewer(user);
  const { snapshot, onApplied, onResultsReady } = useCofPage();
  return (
    <CofScenarioEditor
      id={id}
      datasetId={snapshot.data?.dataset.id ?? null}
      viewer={viewer}
      onApplied={onApplied}
      onResultsReady={onResultsReady}
    />
  );
}
