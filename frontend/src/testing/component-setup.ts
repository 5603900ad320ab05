import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// English texts in component tests (the product's default is Spanish): before i18n reads the stored language.
localStorage.setItem('language', 'en');

// A page's first render loads its lazy chunk and its texts, which vitest transforms on first use: slower than a browser.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
