/**
 * The export condition under which workspace packages resolve to their TypeScript sources (see each
 * package's `exports`), so development and tests never need a build; published consumers get
 * `dist/` through the `default` condition. Also in tsconfig.json (`customConditions`), apps/web's
 * Vite config and every `tsx --conditions=…` command.
 */
export const SOURCE_CONDITION = '@liaison/source';
