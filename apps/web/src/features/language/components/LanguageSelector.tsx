// The language selector of spec §2: EN, JP (ja), DE, IT, FR, ES.
import TranslateIcon from '@mui/icons-material/Translate';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { LANGUAGE_LABELS, LANGUAGES } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language.ts';

/** Each language's name in itself, so a user can find theirs whatever the current language is. */
const ENDONYMS = {
  en: 'English',
  ja: '日本語',
  de: 'Deutsch',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
} as const;

export function LanguageSelector({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Button
        color={color}
        data-testid="language-selector"
        aria-label={t('language.label')}
        aria-haspopup="menu"
        aria-expanded={anchor != null}
        startIcon={<TranslateIcon fontSize="small" />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0, fontWeight: 600 }}
      >
        {LANGUAGE_LABELS[language]}
      </Button>
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lang) => (
          <MenuItem
            key={lang}
            lang={lang}
            selected={lang === language}
            data-testid={`language-option-${lang}`}
            onClick={() => {
              setAnchor(null);
              void setLanguage(lang);
            }}
          >
            <ListItemText primary={LANGUAGE_LABELS[lang]} secondary={ENDONYMS[lang]} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
