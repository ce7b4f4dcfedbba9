// The run list of the model card: consecutive cancelled runs read as one line that counts the others (issue 38: the
// card listed three "Cancelled · After a pipe edit" runs), so the five lines shown are not all cancellations.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import type { AnalysisRunView } from '../api/get-analyses.ts';
import { AnalysisRuns, collapseCancelled } from './AnalysisRuns.tsx';

const run = (id: number, stage: string, reason = 'execute'): AnalysisRunView =>
  ({
    id,
    datasetId: 7,
    stage,
    progress: stage === 'complete' ? 100 : 0,
    reason,
    error: stage === 'cancelled' ? 'superseded by a newer analysis' : null,
    timings: {},
    served: id === 1,
    createdAt: '2026-11-22T07:00:00.000Z',
    startedAt: null,
    finishedAt: '2026-11-22T07:01:00.000Z',
  }) as unknown as AnalysisRunView;

describe('AnalysisRuns', () => {
  beforeEach(() => useSession.setState({ accessToken: 'token' }));
  afterEach(() => useSession.setState({ accessToken: null }));

  it('folds consecutive cancelled runs into the newest of them', () => {
    const runs = [
      run(6, 'complete'),
      run(5, 'cancelled', 'override'),
      run(4, 'cancelled', 'override'),
      run(3, 'cancelled', 'cof_scenario'),
      run(2, 'complete'),
      run(1, 'cancelled'),
    ];
    expect(collapseCancelled(runs).map(({ run: r, more }) => [r.id, more])).toEqual([
      [6, 0],
      [5, 2],
      [2, 0],
      [1, 0],
    ]);
  });

  it('says how many more were cancelled, and still shows a run the user superseded', async () => {
    mockApi({ 'GET /api/user/info': { body: testUser() } });
    renderWithApp(
      <AnalysisRuns
        runs={[run(4, 'complete'), run(3, 'cancelled', 'override'), run(2, 'cancelled'), run(1, 'complete')]}
      />,
    );
    expect(await screen.findByTestId('analysis-run-3')).toHaveTextContent(
      /^Cancelled · After a pipe edit · Nov 22, 2026.* · and 1 more cancelled run$/,
    );
    expect(screen.queryByTestId('analysis-run-2')).toBeNull();
    expect(screen.getByTestId('analysis-run-1')).toBeInTheDocument();
  });
});
