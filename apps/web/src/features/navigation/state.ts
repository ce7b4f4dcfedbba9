// Drawer UI state: collapsed to icons (remembered), open on mobile, and the one open group.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface NavState {
  collapsed: boolean;
  mobileOpen: boolean;
  openGroup: string | null;
  toggleCollapsed: () => void;
  setMobileOpen: (open: boolean) => void;
  /** Only one group is open at a time (SHELL-NAV-03): opening one closes the other. */
  toggleGroup: (id: string) => void;
  setOpenGroup: (id: string | null) => void;
}

export const useNavState = create<NavState>()(
  persist(
    (set) => ({
      collapsed: false,
      mobileOpen: false,
      openGroup: null,
      toggleCollapsed: () => set((s) => ({ collapsed: !s.collapsed })),
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
