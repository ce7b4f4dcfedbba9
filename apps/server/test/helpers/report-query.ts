// The report tests' one call: GET reports/query as a user, expecting 200, parsed against the wire contract.
import { reportResponseSchema, type ReportResponse } from '@pipewise/domain';
import { expect } from 'vitest';
import { ADMIN, type Harness } from './harness.ts';
import { plannerCall } from './planner.ts';

export const reportQuery =
  (h: Harness) =>
  async (datasetId: number, query: string, email = ADMIN): Promise<ReportResponse> => {
    const res = await plannerCall(h)('GET', `/api/datasets/${datasetId}/reports/query?${query}`, email);
    expect(res.statusCode, res.body).toBe(200);
    return reportResponseSchema.parse(res.json()) as ReportResponse;
  };
