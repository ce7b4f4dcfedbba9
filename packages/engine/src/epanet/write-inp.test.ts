import { describe, expect, it } from 'vitest';
import { formatInpError, parseInp } from './inp-parser.ts';
import type { InpModel } from './inp-types.ts';
import { inpLines, writeInp } from './write-inp.ts';

const SAMPLE = `[TITLE]
Round trip
[JUNCTIONS]
 J1  100.5  10  P1
 J2  90
[RESERVOIRS]
 R1  120
[TANKS]
 T1  130  5  1  10  20  0
[PIPES]
 P1  R1  J1  1000  300  100  0  Open
 P2  J1  J2  500   200  120  0.5  CLOSED
 P3  J2  T1  250   150  130
[PUMPS]
 PU1 R1 J2 HEAD C1 SPEED 1.2
[VALVES]
 V1  J1  J2  150  PRV  40  0
[DEMANDS]
 J2  3.5  P1  domestic
[STATUS]
 P3  OPEN
[CURVES]
 C1  50  40
[PATTERNS]
 P1  1.0  1.2
[OPTIONS]
 Units  LPS
 Headloss  H-W
[COORDINATES]
 J1  -122.2301234  37.4912345
 J2  1  2
[VERTICES]
 P1  0.5  1
 P1  0.7  1.5
[TAGS]
 LINK P1 main
[END]
`;

function model(text: string): InpModel {
  const result = parseInp(text);
  if (!result.ok) throw new Error(result.errors.map(formatInpError).join('\n'));
  return result.model;
}

describe('writeInp', () => {
  it('writes an SI model that parseInp reads back exactly', () => {
    const original = model(SAMPLE);
    expect(model(writeInp(original))).toEqual(original);
  });

  it('converts US customary models back to feet and inches', () => {
    const original = model(SAMPLE.replace('Units  LPS', 'Units  GPM'));
    const again = model(writeInp(original));
    expect(again.options.flowUnits).toBe('GPM');
    expect(again.pipes[0]!.lengthM).toBeCloseTo(original.pipes[0]!.lengthM, 9);
    expect(again.junctions[0]!.elevationM).toBeCloseTo(original.junctions[0]!.elevationM, 9);
    expect(again.tanks[0]!.diameterM).toBeCloseTo(original.tanks[0]!.diameterM, 9);
    expect(again.valves[0]!.diameterMm).toBeCloseTo(original.valves[0]!.diameterMm, 9);
  });

  it('streams the same text line by line', () => {
    const original = model(SAMPLE);
    expect([...inpLines(original)].map((l) => l + '\n').join('')).toBe(writeInp(original));
  });
});
