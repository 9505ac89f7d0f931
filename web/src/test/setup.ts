import '../i18n/later';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait for their condition up to 5 s (the library's 1 s is too short for a first render while every
// package's tests run side by side on two cores); a condition met sooner returns at once.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
