/**
 * Makes `@liaison/sdk` one package, as Tencent's `@tencentcloud/chat` is (it has no dependencies):
 * `npm i @liaison/sdk` fetches nothing else (`ws` stays an optional peer, for Node before 22).
 *
 * - **Code**: the SDK with the parts of `@liaison/protocol` and zod it uses, bundled from the
 *   sources into `dist/index.js` (ESM) and `dist/index.cjs` (CommonJS), as Tencent ships
 *   `index.es.js` and `index.js`. Zod stays inlined rather than a dependency: the SDK's browser
 *   bundle is the same size either way (a host bundles zod in both cases), and a dependency is one
 *   more package to fetch, which is what this build removes.
 * - **Declarations**: tsc's, with the protocol's and zod's declarations copied under
 *   `dist/protocol/` and `dist/zod/` and every import of them made relative, so a TypeScript
 *   consumer resolves nothing outside the package.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { build, defaultClientConditions } from 'vite';

const require = createRequire(import.meta.url);

/** An import specifier in declarations: `from '…'`, `import('…')`, `import '…'`. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\2/g;

/** Replaces the per-module JavaScript tsc emitted in `out` with the two bundles, and vendors the types. */
export async function bundleSdk(root: string, dir: string, out: string): Promise<void> {
  for (const file of [...walkFiles(out)]) if (file.endsWith('.js')) rmSync(file);
  await bundleCode(root, dir, out);
  vendorDeclarations(root, out);
}

async function bundleCode(root: string, dir: string, out: string): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    // The workspace packages from their TypeScript sources, as the workspace's own builds use them.
    resolve: { conditions: ['@liaison/source', ...defaultClientConditions] },
    build: {
      outDir: out,
      emptyOutDir: false,
      minify: false,
      // Node 20 and every browser the portal supports; nothing to down-level for either.
      target: 'es2022',
      lib: {
        entry: join(dir, 'src/index.ts'),
        formats: ['es', 'cjs'],
        fileName: (format) => (format === 'es' ? 'index.js' : 'index.cjs'),
      },
      rollupOptions: {
        // Node's WebSocket before Node 22; browsers never load it (the SDK imports it on demand).
        external: ['ws'],
        output: {
          exports: 'named',
          // `require('@liaison/sdk')` answers the entry object itself, as `require('@tencentcloud/chat')`
          // answers TencentCloudChat, with the named exports beside its statics and `default` for
          // transpiled `import X from`. ESM is unchanged.
          footer: (chunk) =>
            chunk.fileName === 'index.cjs'
              ? "module.exports = Object.defineProperty(Object.assign(exports.default, exports), '__esModule', { value: true });"
              : '',
        },
      },
    },
  });
}

function vendorDeclarations(root: string, out: string): void {
  const protocol = join(root, 'packages/protocol/dist');
  const zodHome = dirname(require.resolve('zod/package.json'));
  copyDeclarations(protocol, join(protocol, 'index.d.ts'), join(out, 'protocol'));
  copyDeclarations(zodHome, join(zodHome, 'index.d.ts'), join(out, 'zod'));
  cpSync(join(zodHome, 'LICENSE'), join(out, 'zod/LICENSE'));
  const vendored: Record<string, string> = {
    '@liaison/protocol': join(out, 'protocol/index.js'),
    zod: join(out, 'zod/index.js'),
  };
  for (const file of walkFiles(out)) {
    if (!file.endsWith('.d.ts')) continue;
    const code = readFileSync(file, 'utf8');
    const rewritten = code.replace(SPECIFIER, (all, lead: string, quote: string, spec: string) => {
      const target = vendored[spec];
      if (target === undefined) return all;
      const path = relative(dirname(file), target);
      return `${lead}${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
    });
    if (rewritten !== code) writeFileSync(file, rewritten);
  }
}

/** Copies `entry` and every declaration it reaches by relative imports, keeping their layout under `home`. */
function copyDeclarations(home: string, entry: string, to: string): void {
  const pending = [entry];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const target = join(to, relative(home, file));
    mkdirSync(dirname(target), { recursive: true });
    const code = readFileSync(file, 'utf8');
    writeFileSync(target, code);
    for (const [, , , spec] of code.matchAll(SPECIFIER)) {
      if (spec?.startsWith('.')) pending.push(join(dirname(file), spec.replace(/\.js$/, '.d.ts')));
    }
  }
}

function* walkFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkFiles(path);
    else yield path;
  }
}
