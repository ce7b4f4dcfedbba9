// Pipewise's MUI theme: light and dark colour schemes as CSS variables, so switching costs no re-render
// of the tree. Light is the default (spec §9).
import { deDE, enUS, esES, frFR, itIT, jaJP } from '@mui/material/locale';
import { createTheme, type ThemeOptions } from '@mui/material/styles';

export const BRAND = { deep: '#0b5f8a', water: '#1c8dc4', teal: '#2aa899' } as const;

const options: ThemeOptions = {
  cssVariables: { colorSchemeSelector: 'data-mui-color-scheme' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: BRAND.deep },
        secondary: { main: BRAND.teal },
        background: { default: '#f4f7fa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#5eb8e6' },
        secondary: { main: '#5fd0c4' },
        background: { default: '#0e1620', paper: '#15202c' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      '"Inter", "Segoe UI", "Hiragino Sans", "Noto Sans JP", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 0 },
      // The light primary of the dark scheme is too bright for a whole bar: use a deep brand navy.
      styleOverrides: {
        root: ({ theme }) => theme.applyStyles('dark', { backgroundColor: '#10283a', color: '#ffffff' }),
      },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiButton: { defaultProps: { disableElevation: true } },
    // A number never breaks across lines: Japanese full-width digits ('２０,０００') made a narrow column wrap one.
    // Numbers sit in right-aligned cells; headers keep wrapping, their words may.
    MuiTableCell: {
      styleOverrides: {
        body: ({ ownerState }) => (ownerState.align === 'right' ? { whiteSpace: 'nowrap' } : {}),
      },
    },
  },
};

/**
 * MUI's own texts (table pagers, "rows per page", close buttons) in each language (issue 38: an English pager in
 * German).
 */
const MUI_LOCALES = { en: enUS, ja: jaJP, de: deDE, it: itIT, fr: frFR, es: esES } as const;
const themes = new Map<string, ReturnType<typeof createTheme>>();

export function themeFor(language: string) {
  const key = language in MUI_LOCALES ? (language as keyof typeof MUI_LOCALES) : 'en';
  let made = themes.get(key);
  if (!made) {
    made = createTheme(options, MUI_LOCALES[key]);
    themes.set(key, made);
  }
  return made;
}

export const theme = themeFor('en');
