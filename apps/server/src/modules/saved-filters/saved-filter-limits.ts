// Bounds of a saved filter (issue 18): the legacy `filters` format is free JSON, so a body could nest 5,000 levels
// deep (PostgreSQL's jsonb parser answered 500) or fill the table for one user. A filter the map makes is a few
// hundred values 7 levels deep (boundary polygons → points → [lng, lat]); these limits leave room for large drawn
// boundaries and refuse the rest with a message that says which limit was passed.
import { AppError } from '../../lib/errors.ts';

export const SAVED_FILTER_LIMITS = {
  /** Nesting of `filters`: the current format is 7 levels; legacy groups 3. */
  depth: 12,
  /** Every object, array and value inside `filters`. */
  nodes: 20_000,
  /** `filters` as JSON text. */
  bytes: 256 * 1024,
  /** Saved filters one user may keep (all snapshot groups and scenarios together). */
  perUser: 200,
} as const;

interface Shape {
  depth: number;
  nodes: number;
}

/** Depth and size of a JSON value, walked without recursion (the input may be deeper than the call stack). */
function shapeOf(value: unknown): Shape {
  let depth = 0;
  let nodes = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    nodes += 1;
    depth = Math.max(depth, d);
    if (v !== null && typeof v === 'object')
      for (const child of Object.values(v as object)) stack.push([child, d + 1]);
  }
  return { depth, nodes };
}

const tooLarge = (what: string) =>
  new AppError(400, 'VALIDATION', `The saved filter is too large: ${what}.`, [
    { field: 'filters', rule: 'max', message: 'validations.max' },
  ]);

/** 400 naming the limit passed when `filters` is too deep, has too many values or too many bytes. */
export function assertFilterSize(filters: unknown): void {
  const { depth, nodes } = shapeOf(filters);
  const L = SAVED_FILTER_LIMITS;
  if (depth > L.depth) throw tooLarge(`it nests ${depth} levels deep, at most ${L.depth} are allowed`);
  if (nodes > L.nodes)
    throw tooLarge(`it holds ${nodes.toLocaleString('en')} values, at most ${L.nodes.toLocaleString('en')}`);
  const bytes = Buffer.byteLength(JSON.stringify(filters));
  if (bytes > L.bytes) throw tooLarge(`it takes ${Math.ceil(bytes / 1024)} KB, at most ${L.bytes / 1024} KB`);
}

/** 409 when the user already keeps as many saved filters as allowed. */
export function assertRoomForAnother(count: number): void {
  if (count >= SAVED_FILTER_LIMITS.perUser)
    throw new AppError(
      409,
      'CONFLICT',
      `You already keep ${count} saved filters, the most one user may keep; delete some before saving another.`,
    );
}
