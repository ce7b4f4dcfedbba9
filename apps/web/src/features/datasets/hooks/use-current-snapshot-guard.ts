// SHELL-ROUTE-06: if the current snapshot cannot be fetched, the user goes to /data, the no-data flag is set and
// the error is logged. "No dataset" (404) is not a failure: the noData route guard deals with it.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentSnapshot } from '../api/get-current-snapshot.ts';
import { useDatasetSelection } from '../state.ts';
import { reportError } from '../../../lib/report-error.ts';

export function useCurrentSnapshotGuard() {
  const query = useCurrentSnapshot();
  const navigate = useNavigate();
  const setNoData = useDatasetSelection((s) => s.setNoData);
  const { error, isSuccess } = query;

  useEffect(() => {
    if (!error) return;
    reportError('Loading the current snapshot failed', error);
    setNoData(true);
    void navigate('/data');
  }, [error, navigate, setNoData]);

  useEffect(() => {
    if (isSuccess) setNoData(false);
  }, [isSuccess, setNoData]);

  return query;
}
