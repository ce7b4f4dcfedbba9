import { describe, expect, it } from 'vitest';
import type { ClientRow } from '../../db/schema.ts';
import { clientAllowsLogin, planTierOf } from './client-view.ts';

const client = (over: Partial<ClientRow>): ClientRow =>
  ({ isActive: true, clientStatusTypeCode: 1, ...over }) as ClientRow;

describe('client rules', () => {
  it('derives the plan tier from is_paying and auth_code (spec 000 §6)', () => {
    expect(planTierOf({ isPaying: false, authCode: 2 })).toBe(1);
    expect(planTierOf({ isPaying: true, authCode: null })).toBe(2);
    expect(planTierOf({ isPaying: true, authCode: 1 })).toBe(2);
    expect(planTierOf({ isPaying: true, authCode: 2 })).toBe(3);
  });

  it('lets users of active or trial clients log in only', () => {
    expect(clientAllowsLogin(client({}))).toBe(true);
    expect(clientAllowsLogin(client({ clientStatusTypeCode: 2 }))).toBe(true);
    expect(clientAllowsLogin(client({ clientStatusTypeCode: 3 }))).toBe(false);
    expect(clientAllowsLogin(client({ clientStatusTypeCode: 4 }))).toBe(false);
    expect(clientAllowsLogin(client({ isActive: false }))).toBe(false);
  });
});
