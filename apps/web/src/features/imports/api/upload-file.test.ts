// The upload bypasses the api client (XHR for progress) and repeats its CSRF rule: a stale token (issue 37: unsigned,
// or bound to no session or another one) is renewed for this session and the file sent once more.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { resetAppState } from '../../../test/render-page.tsx';
import { useSession } from '../../session/index.ts';
import { UPLOAD } from '../test-fixtures.ts';
import { uploadFile } from './upload-file.ts';

class FakeXhr {
  static sent: FakeXhr[] = [];
  static answers: { status: number; body: unknown }[] = [];
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answers.shift() ?? { status: 200, body: UPLOAD };
    setTimeout(() => {
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}

describe('uploadFile', () => {
  beforeEach(() => {
    resetAppState();
    FakeXhr.sent = [];
    FakeXhr.answers = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('renews a refused CSRF token with the bearer and sends the file once more', async () => {
    const api = mockApi({});
    document.cookie = 'pw_csrf=stale; path=/';
    FakeXhr.answers.push({ status: 403, body: { status: 403, message: 'CSRF', code: 'CSRF' } });
    const file = new File(['{}'], 'ky4_pipes.geojson');
    await expect(uploadFile(file)).resolves.toMatchObject({ id: 'up-1', fileName: 'ky4_pipes.geojson' });
    expect(FakeXhr.sent.map((x) => x.headers['X-CSRF-Token'])).toEqual(['stale', 'test-csrf']);
    expect(FakeXhr.sent[1]!.headers.Authorization).toBe('Bearer access-1');
    const csrfCall = api.fetchMock.mock.calls.find(([url]) => String(url) === '/api/csrf');
    expect((csrfCall?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
  });

  it('does not retry other refusals', async () => {
    mockApi({});
    document.cookie = 'pw_csrf=good; path=/';
    FakeXhr.answers.push({
      status: 403,
      body: { status: 403, message: 'Read only', code: 'DEMO_READ_ONLY' },
    });
    await expect(uploadFile(new File(['{}'], 'a.geojson'))).rejects.toMatchObject({
      status: 403,
      code: 'DEMO_READ_ONLY',
    });
    expect(FakeXhr.sent).toHaveLength(1);
  });
});
