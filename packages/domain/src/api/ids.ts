// Row ids on the wire (issue 18: a path id beyond 2^31 − 1 reached PostgreSQL and answered 500). Most tables key
// on `serial` (int4); pipes and the other asset tables on `bigserial`, which JavaScript numbers cover up to
// 2^53 − 1 (zod's `int()` stops there). An id outside its column's range names no row, so it is refused as a
// field error before any query runs.
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` (int4), the type of every `serial` id. */
export const INT4_MAX = 2_147_483_647;

const INTEGER = { message: 'validations.integer' };
const MIN = { message: 'validations.min_value' };
const MAX = { message: 'validations.max_value' };

/** An id of a `serial` table in a JSON body. */
export const idField = z.number(INTEGER).int(INTEGER).positive(MIN).max(INT4_MAX, MAX);

/** An id of a `serial` table in a path or query string (text, coerced). */
export const idParam = z.coerce.number(INTEGER).int(INTEGER).positive(MIN).max(INT4_MAX, MAX);

/** An id of a `bigserial` table (pipes, valves, breaks…) in a JSON body: any safe integer. */
export const bigIdField = z.number(INTEGER).int(INTEGER).positive(MIN);

/** An id of a `bigserial` table in a path or query string. */
export const bigIdParam = z.coerce.number(INTEGER).int(INTEGER).positive(MIN);
