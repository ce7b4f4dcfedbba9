import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.ts';
import { assertSchedule, assertTimeZone, nextRunAfter } from './schedule.ts';

describe('schedule', () => {
  it('fires in the time zone given, across a daylight-saving change', () => {
    // 02:30 in Berlin: 01:30 UTC in winter, 00:30 UTC in summer.
    expect(nextRunAfter('30 2 * * *', 'Europe/Berlin', new Date('2026-12-07T12:00:00Z')).toISOString()).toBe(
      '2026-12-08T01:30:00.000Z',
    );
    expect(nextRunAfter('30 2 * * *', 'Europe/Berlin', new Date('2026-07-07T12:00:00Z')).toISOString()).toBe(
      '2026-07-08T00:30:00.000Z',
    );
    // Weekdays only, in Tokyo: Friday night's run is followed by Monday's.
    expect(nextRunAfter('0 3 * * 1-5', 'Asia/Tokyo', new Date('2026-12-10T18:00:00Z')).toISOString()).toBe(
      '2026-12-13T18:00:00.000Z',
    );
  });

  it('refuses what does not read, naming the field', () => {
    const fieldOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as AppError).fields?.[0]?.field;
      }
      return null;
    };
    expect(fieldOf(() => assertSchedule('61 2 * * *', 'UTC'))).toBe('schedule');
    expect(fieldOf(() => assertSchedule('0 2 * *', 'UTC'))).toBe('schedule');
    expect(fieldOf(() => assertSchedule('0 0 2 * * *', 'UTC'))).toBe('schedule');
    expect(fieldOf(() => assertTimeZone('Mars/Olympus'))).toBe('time_zone');
    expect(fieldOf(() => assertSchedule('*/15 * * * *', 'America/Chicago'))).toBe(null);
  });
});
