// Which snapshot group is current, and whether a switch is being applied (the dropdown is disabled
// meanwhile, SHELL-SUB-03). Server data itself stays in TanStack Query.
import { create } from 'zustand';

interface DatasetSelectionState {
  currentGroupId: number | null;
  applying: boolean;
  setCurrentGroup: (id: number | null) => void;
  setApplying: (applying: boolean) => void;
}

export const useDatasetSelection = create<DatasetSelectionState>()((set) => ({
  currentGroupId: null,
  applying: false,
  setCurrentGroup: (id) => set({ currentGroupId: id }),
  setApplying: (applying) => set({ applying }),
}));
