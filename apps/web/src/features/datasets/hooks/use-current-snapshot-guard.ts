// SHELL-ROUTE-06: if the current snapshot cannot be fetched, the user goes to /data, the no-data flag is set and
// the error is logged. "No dataset" (404) is not a failure: the noData route guard deals with it.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isLoggedIn } from '../../session/index.ts';
import { useCurrentSnapshot } from '../api/get-current-snapshot.ts';
import { useDatasetSelection } from '../state.ts';
import { reportError } from '../../../lib/report-error.ts';

export function useCurrentSnapshotGuard() {
  const query = useCurrentSnapshot();
  const navigate = useNavigate();
  const setNoData = useDatasetSelection((s) => s.setNoData);
  const { error, isSuccess } = query;

  useEffect(() => {
    // A failure once logged out (the last calls of a page a logout is leaving) says nothing about the data; it would
    // send the next login to /data.
    if (!error || !isLoggedIn()) return;
    reportError('Loading the current snapshot failed', error);
    setNoData(true);
    void navigate('/data');
  }, [error, navigate, setNoData]);

  useEffect(() => {
    if (isSuccess) setNoData(false);
  }, [isSuccess, setNoData]);

  return query;
}
