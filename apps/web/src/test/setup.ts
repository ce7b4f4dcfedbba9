import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n.ts';

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

// Components render real English texts in tests (not keys).
await initI18n('en');
