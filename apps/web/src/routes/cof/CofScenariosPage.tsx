// /cof/scenarios (001 §2): the current snapshot group's COF scenarios; without the COF subscription, why not.
import { Navigate } from 'react-router';
import {
  CofScenarioList,
  CofSubscriptionRequired,
  hasCofSubscription,
  useCofViewer,
  type CofUser,
} from '../../features/cof-scenarios/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';
import { useCofPage } from './use-cof-page.ts';

export function CofScenariosPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  if (!hasCofSubscription(user)) return <CofSubscriptionRequired />;
  return <Scenarios user={user} />;
}

function Scenarios({ user }: { user: CofUser }) {
  const viewer = useCofViewer(user);
  const { snapshot, onApplied } = useCofPage();
  if (snapshot.isPending) return null;
  if (!snapshot.data) return <Navigate to="/data/unavailable" replace />;
  return (
    <CofScenarioList
      snapshotGroupId={snapshot.data.snapshotGroupEntityId}
      groupName={snapshot.data.snapshotGroupName}
      viewer={viewer}
      onApplied={onApplied}
    />
  );
}
