// Streaming-friendly EPANET 2.2 .inp parser: feed text in chunks of any size (a file stream, an upload), then
// finish(). Memory is the model itself; no second copy of the text is kept.
import { InpContext } from './inp-context.ts';
import { finalizeModel } from './inp-finalize.ts';
import { type RawInp, emptyRaw } from './inp-raw.ts';
import { checkPatternsAndCurves } from './inp-pattern-references.ts';
import { checkReferences } from './inp-references.ts';
import type { InpParseResult } from './inp-types.ts';
import { fieldsOf, sectionHeader } from './line.ts';
import { readCoordinate, readDemand, readJunction, readReservoir, readTank } from './section-nodes.ts';
import { readPipe, readPump, readStatus, readValve, readVertex } from './section-links.ts';
import { readOption, readTag, readTitle } from './section-misc.ts';

type Reader = (fields: readonly string[], ctx: InpContext, raw: RawInp) => void;

const READERS: Readonly<Record<string, Reader>> = {
  JUNCTIONS: readJunction,
  RESERVOIRS: readReservoir,
  TANKS: readTank,
  PIPES: readPipe,
  PUMPS: readPump,
  VALVES: readValve,
  DEMANDS: readDemand,
  STATUS: readStatus,
  COORDINATES: readCoordinate,
  VERTICES: readVertex,
  OPTIONS: readOption,
  TAGS: readTag,
};

export interface InpParserOptions {
  /** Stop recording errors after this many (a wrong file can produce one per line). Default 100. */
  readonly maxErrors?: number;
}

export interface InpParser {
  /** Adds text; a line split across chunks is completed by the next chunk. */
  push(chunk: string): void;
  finish(): InpParseResult;
}

export function createInpParser(options: InpParserOptions = {}): InpParser {
  const ctx = new InpContext(options.maxErrors ?? 100);
  const raw = emptyRaw();
  let pending = '';
  let finished = false;

  function readLine(line: string): void {
    ctx.line += 1;
    const header = sectionHeader(line);
    if (header !== null) {
      ctx.section = header;
      return;
    }
    if (ctx.section === 'TITLE') {
      readTitle(line, raw);
      return;
    }
    const fields = fieldsOf(line);
    if (fields.length === 0) return;
    if (ctx.section === null) return ctx.error(null, 'data before the first [SECTION] header');
    if (ctx.section === 'END') return;
    const reader = READERS[ctx.section];
    if (reader !== undefined) {
      const before = ctx.errors.length;
      reader(fields, ctx, raw);
      // A rejected node or link is remembered so references to it do not add one error per mention.
      if (ctx.errors.length > before || ctx.truncated) raw.rejectedIds.add(fields[0]!);
      return;
    }
    let kept = raw.otherSections.get(ctx.section);
    if (kept === undefined) raw.otherSections.set(ctx.section, (kept = []));
    kept.push(line.replace(/\r$/, ''));
  }

  return {
    push(chunk) {
      if (finished) throw new Error('InpParser: push after finish');
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) readLine(line);
    },
    finish() {
      if (finished) throw new Error('InpParser: finish called twice');
      finished = true;
      if (pending.length > 0) readLine(pending);
      checkReferences(ctx, raw);
      checkPatternsAndCurves(ctx, raw);
      const model = finalizeModel(ctx, raw);
      if (ctx.errors.length === 0) return { ok: true, model };
      const errors = [...ctx.errors].sort((a, b) => a.line - b.line);
      return { ok: false, errors, truncated: ctx.truncated };
    },
  };
}

/** Parses a whole .inp text. */
export function parseInp(text: string, options?: InpParserOptions): InpParseResult {
  const parser = createInpParser(options);
  parser.push(text);
  return parser.finish();
}

/** One line per error, e.g. `line 3780 [PUMPS] keyword: old EPANET 1.x pump syntax…`, for logs and messages. */
export function formatInpError(error: {
  line: number;
  section: string | null;
  field: string | null;
  message: string;
}): string {
  const where = `line ${error.line}${error.section ? ` [${error.section}]` : ''}`;
  return `${where}${error.field ? ` ${error.field}` : ''}: ${error.message}`;
}
