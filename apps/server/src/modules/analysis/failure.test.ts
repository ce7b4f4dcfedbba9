import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { failureKind, failureReason, isFinalFailure, ServedRunChanged } from './failure.ts';

/** A real thread killed at its heap limit, as the COF stage was on a valveless 16k-pipe network. */
const outOfMemory = () =>
  new Promise<Error>((resolve) => {
    const w = new Worker('const a = []; for (;;) a.push(new Array(1e5).fill(1));', {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 16 },
    });
    w.once('error', resolve);
  });

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('analysis failures', () => {
  it('a thread out of memory fails the run on its first try, saying so in plain words', async () => {
    const err = await outOfMemory();
    expect(failureKind(err)).toBe('deterministic');
    expect(isFinalFailure(err, 0, 3)).toBe(true);
    expect(failureReason(err)).toMatch(
      /^The analysis needed more memory than this server allows; it was not retried/,
    );
    expect(failureReason(err)).toContain(err.message);
  });

  it('data the engine refuses fails at once too, with the engine’s message', () => {
    const err = new Error("pipe '17' has no preprocess result");
    expect(isFinalFailure(err, 0, 3)).toBe(true);
    expect(failureReason(err)).toBe(err.message);
    expect(failureKind(withCode('syntax error at or near "SELEC"', '42601'))).toBe('deterministic');
  });

  it('a lost connection, a deadlock or a served run changing under a COF re-run is retried while tries are left', () => {
    const transient = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('deadlock detected', '40P01'),
      withCode('could not serialize access due to concurrent update', '40001'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new ServedRunChanged('the served analysis 4 changed while its COF was re-run: 90 pipes copied'),
    ];
    for (const err of transient) {
      expect(failureKind(err), err.message).toBe('transient');
      expect(isFinalFailure(err, 0, 3)).toBe(false);
      expect(isFinalFailure(err, 3, 3)).toBe(true);
    }
  });
});
