import type { ESLint } from 'eslint';

/** The lint plugin of eslint-server-areas.mjs: the rule `no-area-cycle`. */
declare const serverAreas: ESLint.Plugin;
export default serverAreas;
