// The wizard offers the last import's mapping and answers again for the next version of the same network
// (issue 15: "column mappings and answers are remembered per snapshot group").
import { expect, it } from 'vitest';
import type { InspectResponse } from '@pipewise/domain';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { commitAndRun, step, uploadOk } from './fixtures/imports-api.ts';

const csv = (header: string, n: number) => {
  const lines = [header];
  for (let i = 1; i <= n; i += 1) {
    const x = -85.7 + i * 0.001;
    lines.push(`M${i};${4 + (i % 3) * 2};19${60 + i};CI;"LINESTRING(${x} 38.2, ${x + 0.0009} 38.2)"`);
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
};

forEachBackend('imports: remembered per network', (h) => {
  it('offers the last mapping, answers, materials and risk factors of the network again, for this kind only', async () => {
    const token = await h.token(ADMIN);
    const first = await uploadOk(h, token, 'v1.csv', csv('ASSET;SIZE_IN;BUILT;MAT;WKT', 40));
    const { item } = await commitAndRun(h, token, first.id, {
      layer: 'v1',
      crs: '4326',
      type: 'assets',
      asset_layer: 'pipes',
      mapping: { nativeId: 'ASSET', diameter: 'SIZE_IN', installYear: 'BUILT', material: 'MAT' },
      materials: { CI: 0 },
      answers: { diameter_unit: 'in', length_unit: 'ft' },
      target: { new_group_name: 'Remembered mains' },
    });
    expect(item.status).toBe('succeeded');
    const groupId = item.snapshot_group_id!;

    // The next version's file lost the material column.
    const next = await uploadOk(h, token, 'v2.csv', csv('ASSET;SIZE_IN;BUILT;KIND;WKT', 10));
    const inspect = (body: Record<string, unknown>) =>
      step(h, token, next.id, 'inspect', { layer: 'v2', type: 'assets', asset_layer: 'pipes', ...body });
    const again = (await inspect({ snapshot_group_id: groupId })).json<InspectResponse>();
    expect(again.remembered).toMatchObject({
      import_id: item.id,
      file_name: 'v1.csv',
      mapping: { nativeId: 'ASSET', diameter: 'SIZE_IN', installYear: 'BUILT' },
      answers: { diameter_unit: 'in', length_unit: 'ft' },
      materials: [['CI', 0]],
      lof_features: [],
    });
    expect(again.remembered!.mapping).not.toHaveProperty('material');
    // A new network, or another kind of layer, has nothing to remember.
    expect((await inspect({})).json<InspectResponse>().remembered ?? null).toBeNull();
    const valves = await step(h, token, next.id, 'inspect', {
      layer: 'v2',
      type: 'assets',
      asset_layer: 'valves',
      snapshot_group_id: groupId,
    });
    expect(valves.json<InspectResponse>().remembered).toBeNull();
  });
});
