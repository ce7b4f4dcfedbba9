// The pipe a valve names, checked before the import (issue 16: a valve whose pipe did not exist was moved to the
// nearest pipe without a word, since validation checked only the distance). A pipe id not among the network's
// pipes is a problem listed with the valve's id; the import waits until the user fixes the file or chooses to import
// such valves unlinked (placed by position, the warning kept in the report). A node the valve names that is not an
// end of its pipe is listed too: the valve is then placed at the pipe's end nearer to it.
import type { ProblemTally } from './parse/index.ts';
import { ReportBuilder } from './parse/validation-report.ts';

export interface ValveLink {
  readonly valveId: string;
  readonly row: number;
  readonly pipeId: string;
  readonly node: string | null;
}

export interface ValveLinkCheck {
  readonly unknownPipes: number;
  readonly problems: Partial<Record<'unknown-pipe-id' | 'valve-node-not-on-pipe', ProblemTally>>;
}

export function checkValveLinks(
  valves: readonly ValveLink[],
  pipes: ReadonlyMap<string, readonly [string | null, string | null]>,
  columns: { pipe: string; node?: string | undefined },
): ValveLinkCheck {
  const report = new ReportBuilder();
  let unknownPipes = 0;
  for (const v of valves) {
    const ends = pipes.get(v.pipeId);
    if (ends === undefined) {
      unknownPipes += 1;
      report.add('unknown-pipe-id', {
        row: v.row,
        field: columns.pipe,
        value: v.pipeId,
        message: `valve ${v.valveId}: pipe ${v.pipeId} is not among the network's pipes`,
      });
    } else if (v.node !== null && ends[0] !== null && !ends.includes(v.node)) {
      report.add('valve-node-not-on-pipe', {
        row: v.row,
        field: columns.node ?? 'node',
        value: v.node,
        message: `valve ${v.valveId}: node ${v.node} is not an end of pipe ${v.pipeId} (${ends[0]}, ${ends[1]})`,
      });
    }
  }
  return { unknownPipes, problems: report.toJSON() as ValveLinkCheck['problems'] };
}
