// Export by e-mail (spec 000 §7; CHECKLIST EXP-02..05; docs/api-assets.md): checks the request and queues the
// job that builds the CSV and mails it (export.job.ts); answers with the recipient for the success toast.
// Any role may export what it can see; demo accounts may not (CHECKLIST TBD-05: no exports).
import type { ExportBody, ExportQuery } from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, assertNotDemo, forbidden, notFound } from '../../lib/errors.ts';
import { inDataset } from '../assets/scope.ts';
import { gatesOf } from '../assets/viewer.ts';
import { EXPORT_QUEUE, type ExportJobData } from './export.job.ts';
import { userContact } from './exports.repository.ts';
import { compileVisibleFilter } from './visible-filter.ts';

export async function requestEmailExport(
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  query: ExportQuery,
  body: ExportBody,
): Promise<{ email: string }> {
  assertNotDemo(me);
  // A bad filter is the request's fault: answered now, not found by the job.
  if (body.filter) compileVisibleFilter(body.filter);
  const email = await inDataset(deps, me, datasetId, async ({ tx, dataset, viewer }) => {
    if (query.type === 'vis') {
      if (!gatesOf(viewer).vis) throw forbidden('Valve isolation segments need the VIS subscription.');
      // Segments come from the served analysis, with or without LOF: their own code, not NO_LOF_ASSESSMENT.
      if (!dataset.analysis) {
        throw new AppError(404, 'NO_VIS_SEGMENTS', 'This dataset has no served analysis, so no segments.');
      }
    }
    const user = await userContact(tx, me.id);
    if (!user) throw notFound('User not found.');
    return user.email;
  });
  const job: ExportJobData = {
    clientId: me.clientId,
    userId: me.id,
    datasetId,
    type: query.type,
    extension: query.extension,
    hiddenIds: [...new Set(body.hidden_ids)],
    filter: body.filter ?? null,
  };
  // Two retries cover a mail server that is briefly away; nothing was written, so no commit to wait for.
  await deps.jobs.send(EXPORT_QUEUE, job, { retryLimit: 2, retryDelay: 30, expireInSeconds: 60 * 60 });
  return { email };
}
