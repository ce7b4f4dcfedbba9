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

  /** Feeds one chunk; returns the features completed in it. */
  push(chunk: string): SplitFeature[] {
    const out: SplitFeature[] = [];
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === 92) this.escaped = true;
        else if (ch === 34) this.inString = false;
        continue;
      }
      if (ch === 34) this.inString = true;
      else if (ch === 123 || ch === 91) {
        if (ch === 123 && this.stack.length === 2 && this.stack[0] === '{' && this.stack[1] === '[') {
          this.start = this.seen + i;
          from = i;
        }
        this.stack.push(ch === 123 ? '{' : '[');
      } else if (ch === 125 || ch === 93) {
        const open = this.stack.pop();
        if (open !== (ch === 125 ? '{' : '['))
          throw new JsonSyntaxError(`unexpected '${String.fromCharCode(ch)}'`, this.seen + i);
        if (this.start >= 0 && this.stack.length === 2) {
          this.parts.push(chunk.slice(from, i + 1));
          out.push({ text: this.parts.join(''), offset: this.start });
          this.parts = [];
          this.start = -1;
        }
      } else if (this.stack.length === 0 && ch > 32 && !(this.seen === 0 && i === 0 && ch === 0xfeff)) {
        throw new JsonSyntaxError(
          `unexpected '${String.fromCharCode(ch)}' outside the top-level object`,
          this.seen + i,
        );
      }
    }
    if (this.start >= 0) this.parts.push(chunk.slice(from));
    if (!this.featureSeen && this.head.length < 65536) this.head += chunk.slice(0, 65536);
    if (this.start >= 0 || out.length > 0) this.featureSeen = true;
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
