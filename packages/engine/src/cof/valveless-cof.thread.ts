// Thread body of valveless-memory.test.ts (loaded through tsx in a thread with a fixed heap): the segments and the
// COF of a valveless grid, reported back in a few numbers so nothing large crosses the thread boundary.
import { parentPort, workerData } from 'node:worker_threads';
import { NetworkBuilder } from '../network/builder.ts';
import { cofOf } from './testing.ts';

const { side } = workerData as { side: number };
const id = (i: number, j: number) => `N${i}_${j}`;
const net = new NetworkBuilder().reservoir(id(0, 0));
for (let i = 0; i < side; i += 1) {
  for (let j = 0; j < side; j += 1) {
    if (i + j > 0) net.node(id(i, j), { population: 2 });
    if (i + 1 < side) net.pipe(`H${i}_${j}`, id(i, j), id(i + 1, j), { lengthM: 100 });
    if (j + 1 < side) net.pipe(`V${i}_${j}`, id(i, j), id(i, j + 1), { lengthM: 100 });
  }
}
const result = cofOf(net.build());
const first = result.pipes[0]!.affectedPipes;
parentPort!.postMessage({
  pipes: result.pipes.length,
  affectedOfFirst: first.length,
  allShareOneList: result.pipes.every((p) => p.affectedPipes === first),
  heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
});
