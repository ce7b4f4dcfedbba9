// Issue 18: uploads that answered 500 (a NUL in the file name or in a CSV header, a UTF-16 CSV without BOM) are
// read or refused with a message that says what is wrong.
import { expect, it } from 'vitest';
import type { Upload } from '@pipewise/domain';
import { upload } from './fixtures/imports-api.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';

const CSV = 'id,material,diameter,lon,lat\nP1,CI,150,-85.5,38.2\nP2,PVC,200,-85.6,38.3\n';
const utf16le = (s: string) => new Uint8Array(Buffer.from(s, 'utf16le'));

forEachBackend('imports: hostile uploads', (h) => {
  it('reads a UTF-16 CSV without BOM like its UTF-8 twin', async () => {
    const res = await upload(h, await h.token(ADMIN), 'pipes.csv', utf16le(CSV));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Upload>().layers[0]).toMatchObject({
      columns: ['id', 'material', 'diameter', 'lon', 'lat'],
      feature_count: 2,
    });
  });

  it('refuses a CSV with a NUL in its header, naming the line', async () => {
    const res = await upload(
      h,
      await h.token(ADMIN),
      'pipes.csv',
      new TextEncoder().encode(`id,mat\u0000erial\nP1,CI\n`),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMPORT_FILE_INVALID',
      message: expect.stringMatching(/^pipes\.csv \(line 1\): holds a NUL character \(byte 0\)/),
    });
  });

  it('takes a file whose name holds a NUL or control characters, without them', async () => {
    const res = await upload(h, await h.token(ADMIN), 'pi\u0000pes\u0007.csv', new TextEncoder().encode(CSV));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Upload>().file_name).toBe('pipes.csv');
  });
});
