// A large value sent to or from a worker thread in pieces the API's thread can take in between requests (issue 41).
// postMessage serialises the whole value on the sender's thread and the receiver deserialises it in one go: a 100k-pipe
// stage result held the API's event loop 2–8 s under load. Here each large array (the value itself, or one found up
// to two keys down: `pipes`, `segments`, `inputs.pipes`…) is serialised a slice at a time with node:v8 into its own
// buffer, and the value without those arrays into a last one; the buffers are transferred, not copied, and the
// receiver deserialises one per event-loop turn. Separate messages would not do: Node delivers every message already
// queued on a port in one go, so all of them would again be taken in without a turn between.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { deserialize, serialize } from 'node:v8';

/** A value cut into buffers (packValue / packInSteps), read back whole by unpackValue / unpackInSteps. */
export interface PackedValue {
  /** Each array taken out: its keys from the value ([] for the value itself) and how many buffers hold its items. */
  readonly arrays: readonly { readonly path: readonly string[]; readonly slices: number }[];
  /** The arrays' slices in the order of `arrays`, then the value without them. */
  readonly chunks: readonly Uint8Array[];
}

export interface PackOptions {
  /** Arrays shorter than this stay in the value. */
  readonly minItems?: number;
  /** About how many serialised bytes a slice holds: deserialising a 100k-pipe result ran at 20–60 ms a MB (idle). */
  readonly sliceBytes?: number;
}

const DEFAULTS = { minItems: 1000, sliceBytes: 256 * 1024 };
/** The first slice's items; the next are sized by the bytes the last one took, growing at most 8× a slice (an
 * area's item may hold thousands of pipe ids). */
const FIRST_SLICE = 100;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Keys of the arrays to take out: the value itself, or arrays in plain objects up to `depth` keys down. */
function largeArrays(value: unknown, minItems: number, depth: number, path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.length >= minItems ? [path] : [];
  if (depth === 0 || !isPlainObject(value)) return [];
  return Object.keys(value).flatMap((key) => largeArrays(value[key], minItems, depth - 1, [...path, key]));
}

const at = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], value);

/** The value with the array at `path` replaced by null: the objects on the way are copied, the caller's kept. */
function without(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return null;
  const [key, ...rest] = path as [string, ...string[]];
  const object = value as Record<string, unknown>;
  return { ...object, [key]: without(object[key], rest) };
}

/** A buffer of its own, so that it can be transferred (v8.serialize's is; a copy otherwise). */
const own = (b: Buffer): Uint8Array =>
  b.byteOffset === 0 && b.buffer.byteLength === b.byteLength ? b : new Uint8Array(b);

/** Serialises `items` in slices of about `sliceBytes`, one slice a step. */
function* slicing(items: readonly unknown[], sliceBytes: number, out: Uint8Array[]): Generator<void, number> {
  let size = FIRST_SLICE;
  let slices = 0;
  for (let from = 0; from < items.length;) {
    const chunk = serialize(items.slice(from, from + size));
    out.push(own(chunk));
    slices++;
    from += size;
    const next = Math.round((size * sliceBytes) / Math.max(chunk.byteLength, 1));
    size = Math.min(Math.max(next, 1), size * 8);
    yield;
  }
  return slices;
}

function* packing(value: unknown, options: PackOptions): Generator<void, PackedValue> {
  const { minItems, sliceBytes } = { ...DEFAULTS, ...options };
  const paths = largeArrays(value, minItems, 2);
  const chunks: Uint8Array[] = [];
  const arrays: PackedValue['arrays'][number][] = [];
  let rest = value;
  for (const path of paths) {
    const slices = yield* slicing(at(value, path) as unknown[], sliceBytes, chunks);
    arrays.push({ path, slices });
    rest = without(rest, path);
  }
  chunks.push(own(serialize(rest)));
  return { arrays, chunks };
}

function* unpacking(packed: PackedValue): Generator<void, unknown> {
  let next = 0;
  const chunk = () => deserialize(packed.chunks[next++]!) as unknown;
  const arrays: unknown[][] = [];
  for (const { slices } of packed.arrays) {
    const parts: unknown[][] = [];
    for (let i = 0; i < slices; i++) {
      parts.push(chunk() as unknown[]);
      yield;
    }
    arrays.push(([] as unknown[]).concat(...parts));
  }
  let value = chunk();
  packed.arrays.forEach(({ path }, i) => {
    if (path.length === 0) value = arrays[i];
    else (at(value, path.slice(0, -1)) as Record<string, unknown>)[path.at(-1)!] = arrays[i];
  });
  return value;
}

const runAll = <T>(steps: Generator<void, T>): T => {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
};

/** Runs one step per event-loop turn, so that requests are answered between steps; `signal` stops it with its reason. */
async function runInTurns<T>(steps: Generator<void, T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    signal?.throwIfAborted();
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** Packs at once (in a worker thread, whose event loop serves nobody). */
export const packValue = (value: unknown, options: PackOptions = {}): PackedValue =>
  runAll(packing(value, options));

/** Packs a slice per event-loop turn (on the API's thread). */
export const packInSteps = (value: unknown, signal?: AbortSignal, options: PackOptions = {}) =>
  runInTurns(packing(value, options), signal);

/** Reads a packed value back at once (in a worker thread). */
export const unpackValue = (packed: PackedValue): unknown => runAll(unpacking(packed));

/** Reads a packed value back a slice per event-loop turn (on the API's thread). */
export const unpackInSteps = (packed: PackedValue, signal?: AbortSignal): Promise<unknown> =>
  runInTurns(unpacking(packed), signal);

/** A copy with buffers of its own, to send the same value to a second thread (a copy is a memcpy, no serialising). */
export const copyPacked = (packed: PackedValue): PackedValue => ({
  arrays: packed.arrays,
  // Not Buffer#slice, which is a view.
  chunks: packed.chunks.map((c) => new Uint8Array(c)),
});

/** The buffers to hand over with postMessage's transfer list: moved to the other thread, not copied. */
export const transferList = (packed: PackedValue): ArrayBuffer[] =>
  packed.chunks.map((c) => c.buffer as ArrayBuffer);
