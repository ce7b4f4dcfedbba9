import { describe, expect, it } from 'vitest';
import { camelizeKeys, keepKeys, snakeizeKeys, toCamel, toSnake } from './case.ts';

describe('key conversion (ACC-AUTH-06)', () => {
  it('converts single keys both ways', () => {
    expect(toCamel('full_name')).toBe('fullName');
    expect(toCamel('permission_group_type_code2')).toBe('permissionGroupTypeCode2');
    expect(toCamel('lof_12')).toBe('lof12');
    expect(toSnake('fullName')).toBe('full_name');
    expect(toSnake('segmentLarge')).toBe('segment_large');
    expect(toSnake('already_snake')).toBe('already_snake');
  });

  it('camelizes nested objects and arrays, leaving values alone', () => {
    const wire = {
      full_name: 'Ana',
      units: { currency_code: 'USD', user: { segment_large: 'km' } },
      client: { details: { zip_code: 'ab_cd' } },
      subscriptions: ['JOB_PLANNER'],
      rows: [{ snapshot_group_name: 'x' }],
      nothing: null,
    };
    expect(camelizeKeys(wire)).toEqual({
      fullName: 'Ana',
      units: { currencyCode: 'USD', user: { segmentLarge: 'km' } },
      client: { details: { zipCode: 'ab_cd' } },
      subscriptions: ['JOB_PLANNER'],
      rows: [{ snapshotGroupName: 'x' }],
      nothing: null,
    });
  });

  it('snakeizes request bodies', () => {
    expect(
      snakeizeKeys({ timeZone: 'UTC', units: { segmentLarge: 'mi' }, list: [{ receiveEmails: true }] }),
    ).toEqual({
      time_zone: 'UTC',
      units: { segment_large: 'mi' },
      list: [{ receive_emails: true }],
    });
  });

  it('round-trips', () => {
    const camel = { fullName: 'A', permissionGroupTypeCode: 1, client: { zipCode: null } };
    expect(camelizeKeys(snakeizeKeys(camel))).toEqual(camel);
  });

  it('leaves the keys of a record marked keepKeys as they are, and JSON still writes them', () => {
    const body = snakeizeKeys<Record<string, unknown>>({
      assetLayer: 'pipes',
      materials: keepKeys({ 'Cast Iron': 0, installYear: 1 }),
    });
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      asset_layer: 'pipes',
      materials: { 'Cast Iron': 0, installYear: 1 },
    });
  });
});
