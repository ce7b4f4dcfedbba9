import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { errorText } from './error-text.ts';

describe('planner error texts', () => {
  it('names the reason the server gives', async () => {
    await i18n.loadNamespaces('planner');
    const t = i18n.getFixedT('en');
    expect(errorText(t, new ApiError('no', 403, 'DEMO_READ_ONLY'))).toBe(
      'Demo accounts cannot change anything.',
    );
    expect(errorText(t, new ApiError('taken', 409, 'CONFLICT'))).toBe('This proposal is a project already.');
    expect(errorText(t, new ApiError('run it', 409, 'CONFLICT'), 'noAnalysis')).toMatch(/analysis/);
    const noPipes = new ApiError('bad', 400, 'VALIDATION', [
      { field: 'pipeIds', rule: 'required', message: 'x' },
    ]);
    expect(errorText(t, noPipes)).toMatch(/no pipes/i);
    const booked = new ApiError('booked', 409, 'PIPE_BOOKED');
    expect(errorText(t, booked)).toMatch(/same moment/);
    booked.booked = [{ pipeId: 1, nativePipeId: 'WM-1', projectId: 2, projectName: 'Elm St' }];
    expect(errorText(t, booked)).toBe('A pipe is already in another active project.');
    expect(errorText(t, new Error('boom'))).toBe('That did not work. Please try again.');
  });
});
