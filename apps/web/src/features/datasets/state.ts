// What the datasets feature keeps outside the server cache: whether a switch is being applied (the dropdown is
// disabled meanwhile, SHELL-SUB-03) and the no-data flag set when the current snapshot cannot be fetched
// (SHELL-ROUTE-06). Which dataset is current is server state (GET /api/snapshots/current).
import { create } from 'zustand';

interface DatasetSelectionState {
  applying: boolean;
  noData: boolean;
  setApplying: (applying: boolean) => void;
  setNoData: (noData: boolean) => void;
}

export const useDatasetSelection = create<DatasetSelectionState>()((set) => ({
  applying: false,
  noData: false,
  setApplying: (applying) => set({ applying }),
  setNoData: (noData) => set({ noData }),
}));
