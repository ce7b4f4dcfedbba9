// What the COF scenarios feature keeps outside the server cache: the scenario a planner switch is turning on, so
// the scenarios page it passes through says what is happening (001 §4 "Planner scenario switch").
import { create } from 'zustand';

interface CofSwitchState {
  switchingTo: string | null;
  setSwitchingTo: (name: string | null) => void;
}

export const useCofSwitchStore = create<CofSwitchState>()((set) => ({
  switchingTo: null,
  setSwitchingTo: (switchingTo) => set({ switchingTo }),
}));
