// Readers for [TITLE], [OPTIONS] and [TAGS] (EPANET 2.2 manual, appendix C).
import type { InpContext } from './inp-context.ts';
import type { RawInp } from './inp-raw.ts';

// OPTIONS keywords made of two words; every other keyword is the first word of the line.
const TWO_WORD_OPTIONS = new Set([
  'SPECIFIC GRAVITY',
  'DEMAND MULTIPLIER',
  'DEMAND MODEL',
  'EMITTER EXPONENT',
  'EMITTER BACKFLOW',
  'MINIMUM PRESSURE',
  'REQUIRED PRESSURE',
  'PRESSURE EXPONENT',
  'BACKFLOW ALLOWED',
]);

export function readTitle(line: string, raw: RawInp): void {
  const text = line.trim();
  if (text.length > 0) raw.title.push(text);
}

export function readOption(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  const pair = `${f[0]} ${f[1] ?? ''}`.toUpperCase();
  const words = TWO_WORD_OPTIONS.has(pair) ? 2 : 1;
  const key = f.slice(0, words).join(' ').toUpperCase();
  if (f.length <= words) return ctx.error(key, `missing value for option ${key}`);
  raw.options.set(key, { value: f.slice(words).join(' '), line: ctx.line });
}

export function readTag(f: readonly string[], ctx: InpContext, raw: RawInp): void {
  if (!ctx.count(f, 3, 3, ['kind', 'id', 'tag'])) return;
  const kind = f[0]!.toUpperCase();
  if (kind !== 'NODE' && kind !== 'LINK')
    return ctx.error('kind', `tag kind must be NODE or LINK, got '${f[0]}'`);
  raw.tags.push({ line: ctx.line, kind, id: f[1]!, tag: f[2]! });
}
