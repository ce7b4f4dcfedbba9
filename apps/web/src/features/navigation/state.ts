// Drawer UI state: collapsed to icons (remembered), open on mobile, and the one open group.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface NavState {
  collapsed: boolean;
  /** Folded to icons for the map's room (routes/map/map-room.ts), not by the user: not remembered. */
  folded: boolean;
  mobileOpen: boolean;
  openGroup: string | null;
  /** Folded (by the map or the user's choice) expands; expanded folds. Expanding clears the map's fold. */
  toggleCollapsed: () => void;
  setFolded: (folded: boolean) => void;
  setMobileOpen: (open: boolean) => void;
  /** Only one group is open at a time (SHELL-NAV-03): opening one closes the other. */
  toggleGroup: (id: string) => void;
  setOpenGroup: (id: string | null) => void;
}

export const useNavState = create<NavState>()(
  persist(
    (set) => ({
      collapsed: false,
      folded: false,
      mobileOpen: false,
      openGroup: null,
      toggleCollapsed: () =>
        set((s) => (s.collapsed || s.folded ? { collapsed: false, folded: false } : { collapsed: true })),
      setFolded: (folded) => set({ folded }),
      setMobileOpen: (open) => set({ mobileOpen: open }),
      toggleGroup: (id) => set((s) => ({ openGroup: s.openGroup === id ? null : id })),
      setOpenGroup: (id) => set({ openGroup: id }),
    }),
    {
      name: 'pipewise_nav',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ collapsed: s.collapsed }),
    },
  ),
);
