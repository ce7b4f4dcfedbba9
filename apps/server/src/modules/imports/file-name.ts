// The name an upload is kept and shown under (issue 18: a NUL in the multipart file name reached PostgreSQL, which
// refuses NUL in text: 500). Control characters are no part of a name a user typed.
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

export function uploadFileName(sent: string | undefined): string {
  const name = [...(sent ?? '')]
    .filter((c) => !isControl(c))
    .join('')
    .trim();
  return name === '' ? 'upload' : name.slice(0, 255);
}
