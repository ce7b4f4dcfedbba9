// File rules of spec §5. Duck-typed so the domain needs no DOM: a browser File satisfies FileLike.
import { ruleCheck, type RuleCheck } from './rule-check.ts';

export interface FileLike {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

const NO_PARAMS: Record<string, never> = {};
const IMAGE_EXTENSION = /\.(jpe?g|png|gif|bmp|webp|svg|avif|tiff?|ico)$/i;

function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<FileLike>;
  return typeof file.name === 'string' && typeof file.size === 'number' && typeof file.type === 'string';
}

function files(value: unknown): FileLike[] | undefined {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.every(isFileLike) ? list : undefined;
}

function isImage(file: FileLike): boolean {
  return file.type === '' ? IMAGE_EXTENSION.test(file.name) : file.type.startsWith('image/');
}

/** Every file is an image, by MIME type or, when the browser gives none, by extension. */
export function image(): RuleCheck<'image'> {
  return ruleCheck('image', NO_PARAMS, (value) => {
    const list = files(value);
    return list !== undefined && list.every(isImage);
  });
}

/** Every file is at most `kilobytes` KB (vee-validate's unit for `size`). */
export function size(kilobytes: number): RuleCheck<'size'> {
  return ruleCheck('size', { size: kilobytes }, (value) => {
    const list = files(value);
    return list !== undefined && list.every((file) => file.size <= kilobytes * 1024);
  });
}
