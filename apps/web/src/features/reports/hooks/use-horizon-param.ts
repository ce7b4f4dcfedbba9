// The LOF horizon of a report lives in the URL (?horizon=24): a reader sharing the page shares what it shows.
import { LOF_MONTHS, type LofMonths } from '@pipewise/domain';
import { useSearchParams } from 'react-router';

const DEFAULT_HORIZON: LofMonths = 12;

export function parseHorizon(value: string | null): LofMonths {
  const months = Number(value);
  return (LOF_MONTHS as readonly number[]).includes(months) ? (months as LofMonths) : DEFAULT_HORIZON;
}

export function useHorizonParam(): [LofMonths, (months: LofMonths) => void] {
  const [params, setParams] = useSearchParams();
  const horizon = parseHorizon(params.get('horizon'));
  const setHorizon = (months: LofMonths) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (months === DEFAULT_HORIZON) next.delete('horizon');
        else next.set('horizon', String(months));
        return next;
      },
      { replace: true },
    );
  return [horizon, setHorizon];
}
