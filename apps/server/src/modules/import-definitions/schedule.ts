// A definition's schedule: five-field cron in an IANA time zone, read by cron-parser (a maintained library, the one
// pg-boss schedules with) rather than a parser of our own — day-of-week names, ranges, steps and daylight-saving
// gaps are its business. The time zone is the user's (users.time_zone): "every night at 02:30" means their night.
import cronParser from 'cron-parser';
import { fieldError } from '../../lib/errors.ts';

/** The five fields a user writes; cron-parser also takes a sixth (seconds), which a tick every 30 s cannot keep. */
const FIELDS = 5;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 400 naming `time_zone` unless it is an IANA zone this server knows. */
export function assertTimeZone(zone: string): void {
  if (!isTimeZone(zone))
    throw fieldError(
      'BAD_REQUEST',
      `Unknown time zone '${zone}' (use an IANA name such as Europe/Berlin).`,
      'time_zone',
      'regex',
    );
}

/** The first time after `after` that the schedule fires, in its zone. */
export function nextRunAfter(schedule: string, timeZone: string, after: Date): Date {
  return cronParser.parseExpression(schedule, { currentDate: after, tz: timeZone }).next().toDate();
}

/** 400 naming `schedule` with cron-parser's reason when the expression does not read; else the next run. */
export function assertSchedule(schedule: string, timeZone: string, now = new Date()): Date {
  const fields = schedule.trim().split(/\s+/).length;
  if (fields !== FIELDS)
    throw fieldError(
      'BAD_REQUEST',
      `A schedule has five fields (minute hour day-of-month month day-of-week), e.g. '30 2 * * *'; '${schedule}' has ${fields}.`,
      'schedule',
      'regex',
    );
  try {
    return nextRunAfter(schedule, timeZone, now);
  } catch (error) {
    throw fieldError(
      'BAD_REQUEST',
      `The schedule '${schedule}' does not read as cron: ${(error as Error).message}.`,
      'schedule',
      'regex',
    );
  }
}
