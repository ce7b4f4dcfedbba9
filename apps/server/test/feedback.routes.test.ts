// Feedback from signed-in users (issue 17, spec 001 §7 feedback; docs/api-accounts.md "Feedback"), on both
// databases: stored, mailed to the platform staff, listed to staff only.
import { expect, it } from 'vitest';
import { feedbackItemSchema, feedbackListSchema } from '@pipewise/domain';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, STAFF, WORKER } from './helpers/harness.ts';

forEachBackend('feedback', (h) => {
  it('a user sends feedback; it is stored and mailed to the staff', async () => {
    const body = {
      category: 'idea',
      subject: 'Dark map',
      message: 'A dark basemap for the control room, please.',
    };
    const anonymous = await h.request({ method: 'POST', url: '/api/feedback', body });
    expect(anonymous.statusCode).toBe(401);
    const bad = await h.request({
      method: 'POST',
      url: '/api/feedback',
      token: await h.token(WORKER),
      body: { ...body, category: 'rant', subject: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['category', 'subject']);
    const guest = await h.request({
      method: 'POST',
      url: '/api/feedback',
      token: await h.token(GUEST),
      body,
    });
    expect(guest.statusCode).toBe(403);

    const res = await h.request({ method: 'POST', url: '/api/feedback', token: await h.token(WORKER), body });
    expect(res.statusCode).toBe(201);
    expect(feedbackItemSchema.parse(res.json())).toMatchObject({ ...body, user_email: WORKER, client_id: 1 });
    const mail = (await h.outbox()).find((m) => m.subject === '[Pipewise feedback: idea] Dark map');
    expect(mail?.to).toBe(STAFF);
    expect(mail?.text).toContain(`<${WORKER}>`);
    expect(mail?.text).toContain('A dark basemap for the control room, please.');
  });

  it('staff list all feedback, newest first, paged; nobody else may', async () => {
    await h.request({
      method: 'POST',
      url: '/api/feedback',
      token: await h.token(JP_ADMIN),
      body: { category: 'problem', subject: '凡例', message: '凡例が読めません。' },
    });
    for (const email of [ADMIN, WORKER, JP_ADMIN]) {
      expect((await h.request({ url: '/api/feedback', token: await h.token(email) })).statusCode).toBe(403);
    }
    const page = feedbackListSchema.parse(
      (await h.request({ url: '/api/feedback?page_size=1', token: await h.token(STAFF) })).json(),
    );
    expect(page.total_count).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ subject: '凡例', client_id: 2, user_email: JP_ADMIN });
    const second = (
      await h.request({ url: '/api/feedback?page=2&page_size=1', token: await h.token(STAFF) })
    ).json();
    expect(second.items[0].subject).toBe('Dark map');
  });
});
