// Cuts a GeoJSON FeatureCollection text into one JSON text per feature while it streams in, so a 100k-pipe file is never
// held as one object tree: only the current feature is parsed. A feature is any object whose parents are
// [top-level object, array]; in a FeatureCollection that array can only be `features` (bbox holds numbers).
// Hand-written because the stream-json family pulls in far more than this needs; it knows nothing but brackets and strings.

export interface SplitFeature {
  readonly text: string;
  /** Character offset of the feature's `{` in the whole text. */
  readonly offset: number;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at character ${offset}`);
  }
}

export class FeatureSplitter {
  private stack: string[] = [];
  private inString = false;
  private escaped = false;
  private start = -1;
  private parts: string[] = [];
  private seen = 0;
  private featureSeen = false;
  /** Text before the first feature (holds `crs`, `type`), capped so a broken file cannot grow it without end. */
  head = '';

  /**
   * Feeds one chunk; returns the features completed in it. The state is read into locals for the loop, which V8
   * can keep in registers, and written back after it (this loop visits every character of the file, twice between
   * upload and validation).
   */
  push(chunk: string): SplitFeature[] {
    const out: SplitFeature[] = [];
    const stack = this.stack;
    const seen = this.seen;
    let inString = this.inString;
    let escaped = this.escaped;
    let start = this.start;
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === 92) escaped = true;
        else if (ch === 34) inString = false;
        continue;
      }
      if (ch === 34) inString = true;
      else if (ch === 123 || ch === 91) {
        if (ch === 123 && stack.length === 2 && stack[0] === '{' && stack[1] === '[') {
          start = seen + i;
          from = i;
        }
        stack.push(ch === 123 ? '{' : '[');
      } else if (ch === 125 || ch === 93) {
        const open = stack.pop();
        if (open !== (ch === 125 ? '{' : '['))
          throw new JsonSyntaxError(`unexpected '${String.fromCharCode(ch)}'`, seen + i);
        if (start >= 0 && stack.length === 2) {
          this.parts.push(chunk.slice(from, i + 1));
          out.push({ text: this.parts.join(''), offset: start });
          this.parts = [];
          start = -1;
        }
      } else if (stack.length === 0 && ch > 32 && !(seen === 0 && i === 0 && ch === 0xfeff)) {
        throw new JsonSyntaxError(
          `unexpected '${String.fromCharCode(ch)}' outside the top-level object`,
          seen + i,
        );
      }
    }
    this.inString = inString;
    this.escaped = escaped;
    this.start = start;
    if (start >= 0) this.parts.push(chunk.slice(from));
    if (!this.featureSeen && this.head.length < 65536) this.head += chunk.slice(0, 65536);
    if (start >= 0 || out.length > 0) this.featureSeen = true;
    this.seen += chunk.length;
    return out;
  }

  /** Throws when the text ended inside an object, array or string (a truncated file). */
  finish(): void {
    if (this.inString || this.stack.length > 0)
      throw new JsonSyntaxError('unexpected end of JSON (truncated file?)', this.seen);
    if (this.seen === 0) throw new JsonSyntaxError('empty file', 0);
  }
}
