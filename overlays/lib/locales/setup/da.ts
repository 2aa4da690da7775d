import type { SetupTranslation } from './en.js';
import { setupEn } from './en.js';

/** TODO */
export const setupDa: SetupTranslation = setupEn;
