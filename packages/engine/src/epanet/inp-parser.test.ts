import { describe, expect, it } from 'vitest';
import { createInpParser, formatInpError, parseInp } from './inp-parser.ts';
import type { InpModel, InpParseError } from './inp-types.ts';

const SMALL = `[TITLE]
Tiny network

[JUNCTIONS]
;ID  Elev  Demand  Pattern
 J1  100   10      P1   ; comment
 J2  90

[RESERVOIRS]
 R1  120

[PIPES]
 P1  R1  J1  1000  12  100  0  Open
 P2  J1  J2  500   8   100  CLOSED
[PUMPS]
[VALVES]
 V1  J1  J2  6  PRV  40  0
[COORDINATES]
 J1  1  2
[VERTICES]
 P1  0.5  1
 P1  0.7  1.5
[PATTERNS]
 P1  1.0  1.2
[OPTIONS]
 Units  GPM
 Specific Gravity 1.0
[END]
`;

function model(text: string): InpModel {
  const result = parseInp(text);
  if (!result.ok) throw new Error(result.errors.map(formatInpError).join('\n'));
  return result.model;
}

function errors(text: string): readonly InpParseError[] {
  const result = parseInp(text);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('parseInp', () => {
  it('reads every section and converts US units to SI', () => {
    const m = model(SMALL);
    expect(m.title).toEqual(['Tiny network']);
    expect(m.options.unitSystem).toBe('US');
    expect(m.junctions[0]).toMatchObject({ id: 'J1', patternId: 'P1', baseDemand: 10 });
    expect(m.junctions[0]!.elevationM).toBeCloseTo(30.48, 6);
    expect(m.junctions[0]!.baseDemandLps).toBeCloseTo(0.630902, 5);
    expect(m.pipes[0]!.lengthM).toBeCloseTo(304.8, 6);
    expect(m.pipes[0]!.diameterMm).toBeCloseTo(304.8, 6);
    expect(m.pipes[1]).toMatchObject({ status: 'CLOSED', minorLoss: 0 });
    expect(m.valves[0]).toMatchObject({ id: 'V1', type: 'PRV', setting: 40 });
    expect(m.vertices['P1']).toEqual([
      { x: 0.5, y: 1 },
      { x: 0.7, y: 1.5 },
    ]);
    expect(m.otherSections['PATTERNS']).toEqual([' P1  1.0  1.2']);
    expect(m.options.raw['SPECIFIC GRAVITY']).toBe('1.0');
  });

  it('keeps SI files in metres and millimetres', () => {
    const m = model(SMALL.replace('Units  GPM', 'Units LPS'));
    expect(m.pipes[0]).toMatchObject({ lengthM: 1000, diameterMm: 12 });
    expect(m.options.unitSystem).toBe('SI');
  });

  it('gives the same model whatever the chunking', () => {
    const parser = createInpParser();
    for (let i = 0; i < SMALL.length; i += 7) parser.push(SMALL.slice(i, i + 7));
    expect(parser.finish()).toEqual(parseInp(SMALL));
  });

  it('reads a CRLF file', () => {
    expect(model(SMALL.replaceAll('\n', '\r\n')).pipes).toHaveLength(2);
  });

  it('reports a wrong field count with the missing field names', () => {
    const [e] = errors(SMALL.replace(' P1  R1  J1  1000  12  100  0  Open', ' P1  R1  J1  1000'));
    expect(e).toMatchObject({ line: 13, section: 'PIPES', field: 'diameter' });
    expect(e!.message).toContain('missing diameter, roughness');
  });

  it('reports a non-numeric value', () => {
    const [e] = errors(SMALL.replace('500   8', '500   eight'));
    expect(e).toMatchObject({ line: 14, section: 'PIPES', field: 'diameter' });
    expect(e!.message).toBe("diameter must be a number, got 'eight'");
  });

  it('reports unknown nodes and duplicate ids', () => {
    const found = errors(SMALL.replace(' P2  J1  J2', ' P2  J1  J9').replace(' J2  90', ' J2  90\n J1  80'));
    expect(found.map((e) => [e.line, e.field, e.message])).toEqual([
      [8, 'id', "duplicate id 'J1' (first defined on line 6)"],
      [15, 'node2', "unknown node 'J9'"],
    ]);
  });

  it('rejects the EPANET 1.x inline pump curve syntax', () => {
    const [e] = errors(SMALL.replace('[PUMPS]', '[PUMPS]\n 5001  R1  J1  233.0  174.0  2000.0'));
    expect(e).toMatchObject({ line: 16, section: 'PUMPS', field: 'keyword' });
    expect(e!.message).toContain('old EPANET 1.x pump syntax');
  });

  it('reports patterns and curves that are not defined', () => {
    const found = errors(
      SMALL.replace('10      P1', '10      P7').replace('[PUMPS]', '[PUMPS]\n PU1 R1 J2 HEAD C9'),
    );
    expect(found.map((e) => [e.line, e.section, e.field, e.message])).toEqual([
      [6, 'JUNCTIONS', 'pattern', "unknown pattern 'P7'"],
      [16, 'PUMPS', 'HEAD', "unknown curve 'C9'"],
    ]);
  });

  it('caps the number of errors', () => {
    const bad = '[JUNCTIONS]\n' + Array.from({ length: 50 }, (_, i) => ` J${i} x`).join('\n');
    const result = parseInp(bad, { maxErrors: 10 });
    expect(result).toMatchObject({ ok: false, truncated: true });
    expect(result.ok ? 0 : result.errors.length).toBe(10);
  });

  it('formats an error on one line', () => {
    expect(formatInpError({ line: 3, section: 'PIPES', field: 'length', message: 'bad' })).toBe(
      'line 3 [PIPES] length: bad',
    );
  });
});
