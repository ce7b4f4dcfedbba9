// Route loaders that apply the named guards. They wait for the start-up step (client-init) so a
// stale or expired session is settled before any decision.
import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { snapshotGroupsQueryOptions } from '../features/datasets/index.ts';
import { ensureClientInit, isLoggedIn } from '../features/session/index.ts';
import { ensureCsrf } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { needsDataCheck, runGuards } from './guards.ts';
import type { GuardName } from './guards.ts';

/** No snapshot groups (or a failed/404 call) means no data (spec §8). */
async function hasData(): Promise<boolean> {
  const groups = await queryClient.fetchQuery(snapshotGroupsQueryOptions());
  return groups.length > 0;
}

export function guardLoader(names: GuardName[]) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    await ensureClientInit();
    if (names.includes('headers')) await ensureCsrf().catch(() => undefined);
    const url = new URL(request.url);
    const loggedIn = isLoggedIn();
    const base = { pathname: url.pathname, path: url.pathname + url.search, loggedIn };
    const data = needsDataCheck(names, base) ? await hasData() : null;
    const target = runGuards(names, { ...base, hasData: data });
    if (target) throw redirect(target);
    return null;
  };
}

/** Guards depend on session and data, not on params: run them on every navigation. */
export const alwaysRevalidate = () => true;
