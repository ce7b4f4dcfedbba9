// How each COF amount was computed (issue 38), in words and numbers a user can check: the figures the engine
// multiplied (the details API's cof.basis, docs/api-assets.md), money in the scenario's currency, lengths in the
// user's units. Pure: unit-tested without rendering.
import { M_PER_FOOT, type CurrencyCode } from '@pipewise/domain';
import type { TFunction } from 'i18next';
import type { Formatters } from '../../format.ts';
import type { AssetDetails } from '../../types.ts';

type CofDetails = NonNullable<AssetDetails['cof']>;
type Basis = NonNullable<CofDetails['basis']>;

export function cofBasisTexts(
  basis: Basis,
  lengthM: number,
  currency: CurrencyCode,
  fmt: Formatters,
  t: TFunction,
): Partial<Record<string, string>> {
  const b = basis;
  const money = (v: number) => fmt.currency(v, currency);
  const number = (v: number) => fmt.decimal(v, Number.isInteger(v) ? 0 : 2);
  const people = (v: number | null) => fmt.decimal(v, v !== null && Number.isInteger(v) ? 0 : 1);
  const hours = t('cof.basis.hours', { value: number(b.outageHours) });
  const tier = b.diameterTier;
  const perUnit = fmt.lengthUnit === 'ft' ? M_PER_FOOT : 1;
  const road = (r: string) => t(`cof:customCofs.roadTypes.${r}`);
  const repair = t(b.intenseRepair ? 'cof.basis.repairIntense' : 'cof.basis.repair', {
    length: fmt.length(lengthM),
    rate: t('cof:units.perLength', { currency: money(b.repairRatePerM * perUnit), length: fmt.lengthUnit }),
    tier,
    road: b.roadType ? road(b.roadType) : '',
  });
  const personHour = t('cof:units.perPersonHour', { currency: money(b.customerHourRate) });
  const noWaterArgs = {
    customers: people(b.customers),
    hours,
    rate: personHour,
    own: people(b.segmentCustomers),
    segment: b.segmentId ?? '',
    pipes: t('cof.basis.pipes', { count: b.segmentPipes }),
    cutOff: people(b.customers - (b.segmentCustomers ?? 0)),
    segments: t('cof.basis.segments', { count: b.cutOffSegments ?? 0 }),
    junctions: t('cof.basis.junctions', { count: b.dryJunctions ?? 0 }),
  };
  const noWater =
    b.calculation === 'standard' || b.segmentCustomers === null
      ? t(b.calculation === 'standard' ? 'cof.basis.noWaterStandard' : 'cof.basis.noWater', noWaterArgs)
      : t(b.calculation === 'valve' ? 'cof.basis.noWaterValve' : 'cof.basis.noWaterHydraulic', noWaterArgs);
  const pressure = { tier, factor: number(b.pressureFactor) };
  return {
    direct: t('cof.basis.direct'),
    intenseRepair: b.intenseRepair ? repair : t('cof.basis.notApplied'),
    standardRepair: b.intenseRepair ? t('cof.basis.notApplied') : repair,
    indirect: t('cof.basis.indirect'),
    noWater,
    trafficDisruption: b.roadType
      ? t('cof.basis.traffic', {
          road: road(b.roadType),
          rate: money(b.trafficRatePerHour),
          hours,
        })
      : t('cof.basis.noRoad'),
    criticalFacilities: t('cof.basis.facilities', {
      count: b.facilitiesCutOff ?? 0,
      weight: number(b.facilityWeight),
      hours,
      rate: t('cof:units.perFacilityHour', { currency: money(b.facilityHourRate) }),
    }),
    propertyDamage: t('cof.basis.damage', { amount: money(b.propertyDamageRate), ...pressure }),
    environment:
      b.nearWaterFactor !== 1
        ? t('cof.basis.environmentNearWater', {
            amount: money(b.environmentRate),
            ...pressure,
            near: number(b.nearWaterFactor),
          })
        : t('cof.basis.damage', { amount: money(b.environmentRate), ...pressure }),
    custom: t('cof.basis.custom', { count: b.customCofs }),
    cofTotal: t('cof.basis.total'),
  };
}
