/**
 * Builds the publishable packages and the server to plain ESM JavaScript in each one's `dist/`:
 * `tsx scripts/build.ts [--unless-current] [protocol] [sdk] [chat-ui] [server]` (no names: all four, in
 * dependency order).
 *
 * tsc emits the code and declarations; this script then makes the output loadable by plain Node and
 * by any bundler: relative imports get their `.js` (the sources import without extensions, as the
 * Bundler resolution allows), files tsc does not emit (workers, migrations) are copied, and the chat
 * kit's stylesheets and emoji pictures become `dist/style.css` and files under `dist/assets/`.
 * The SDK is then bundled into one package (scripts/bundle-sdk.ts).
 * Each build goes to a temporary folder that replaces `dist/` at the end, so a running server never
 * reads a half-written build.
 *
 * Each build notes a hash of what it was made from (its sources and its dependencies', the build
 * scripts, configuration, lock file and Node version) under `node_modules/.cache/liaison-build/`.
 * With `--unless-current` a target whose `dist/` was built from exactly these inputs is left as it
 * is: the build test packs what `npm test`'s `build:sdk` just built instead of building it again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSdk } from './bundle-sdk';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

type Target = 'protocol' | 'sdk' | 'chat-ui' | 'server';
const TARGETS: Record<Target, string> = {
  protocol: 'packages/protocol',
  sdk: 'packages/sdk',
  'chat-ui': 'packages/chat-ui',
  server: 'apps/server',
};
const ORDER = Object.keys(TARGETS) as Target[];
/** The targets whose sources a target's build reads (tsc follows the workspace imports). */
const NEEDS: Record<Target, readonly Target[]> = {
  protocol: [],
  sdk: ['protocol'],
  'chat-ui': ['protocol', 'sdk'],
  server: ['protocol'],
};
/** What every build reads besides the targets' own folders. */
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.json', 'LICENSE', 'scripts/build.ts', 'scripts/bundle-sdk.ts'];
const STAMPS = join(ROOT, 'node_modules/.cache/liaison-build');

/** Files tsc does not emit that the compiled code loads at run time (workers, migrations). */
const RUNTIME_FILES = ['.mjs', '.sql'];

/** Builds the named targets (all of them when none are named), dependencies first. */
async function build(args: readonly string[]): Promise<void> {
  const unlessCurrent = args.includes('--unless-current');
  const names = args.filter((arg) => arg !== '--unless-current');
  const unknown = names.filter((name) => !(name in TARGETS));
  if (unknown.length > 0) throw new Error(`unknown build target ${unknown.join(', ')}; known: ${ORDER.join(', ')}`);
  for (const target of ORDER.filter((t) => names.length === 0 || names.includes(t))) {
    const inputs = inputsHash(target);
    const stamp = join(STAMPS, target);
    if (unlessCurrent && existsSync(join(ROOT, TARGETS[target], 'dist')) && readStamp(stamp) === inputs) {
      console.log(`${TARGETS[target]}/dist is current`);
      continue;
    }
    await buildTarget(target);
    mkdirSync(STAMPS, { recursive: true });
    writeFileSync(stamp, inputs);
  }
}

function inputsHash(target: Target): string {
  const hash = createHash('sha256').update(process.version);
  const files = [
    ...SHARED_INPUTS.map((file) => join(ROOT, file)),
    ...[...NEEDS[target], target].flatMap((t) => {
      const dir = join(ROOT, TARGETS[t]);
      return [join(dir, 'package.json'), join(dir, 'tsconfig.build.json'), ...walk(join(dir, 'src'))];
    }),
  ];
  for (const file of files.sort())
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

function readStamp(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

async function buildTarget(target: Target): Promise<void> {
  const dir = join(ROOT, TARGETS[target]);
  const out = join(dir, `.dist-${process.pid}`);
  rmSync(out, { recursive: true, force: true });
  const tsc = spawnSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', join(dir, 'tsconfig.build.json'), '--outDir', out],
    { stdio: 'inherit' },
  );
  if (tsc.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(`tsc failed for ${target}`);
  }
  copyRuntimeFiles(join(dir, 'src'), out);
  const stylesheets = rewriteImports(out);
  if (stylesheets.length > 0) writeFileSync(join(out, 'style.css'), joinStylesheets(dir, stylesheets));
  if (target === 'sdk') await bundleSdk(ROOT, dir, out);
  if (target !== 'server') cpSync(join(ROOT, 'LICENSE'), join(out, 'LICENSE'));
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  renameSync(out, join(dir, 'dist'));
  console.log(`built ${TARGETS[target]}/dist`);
}

function copyRuntimeFiles(src: string, out: string): void {
  for (const file of walk(src)) {
    if (RUNTIME_FILES.includes(extname(file))) cpSync(file, join(out, relative(src, file)));
  }
}

/** A module specifier in emitted JS or declarations: `from '…'`, `import '…'`, `import('…')`. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\2/g;
/** A stylesheet imported for its side effect; the published kit ships one `style.css` instead. */
const CSS_IMPORT = /^import\s+(['"])([^'"\n]+\.css)\1;?\n/gm;
/** A picture imported as its URL (a bundler idiom); becomes a file next to the code. */
const ASSET_IMPORT = /^import\s+(\w+)\s+from\s+(['"])([^'"\n]+\.svg)\2;?$/gm;

/**
 * Rewrites every emitted file's imports so plain Node resolves them, and returns the stylesheets the
 * entry pulls in, in the order the modules evaluate (so the cascade matches development).
 */
function rewriteImports(out: string): string[] {
  const edges = new Map<string, Array<{ css: string } | { module: string }>>();
  for (const file of walk(out)) {
    if (!file.endsWith('.js') && !file.endsWith('.d.ts')) continue;
    const module: Array<{ css: string } | { module: string }> = [];
    let code = readFileSync(file, 'utf8');
    code = code.replace(CSS_IMPORT, (_all, _quote: string, spec: string) => {
      module.push({ css: resolve(dirname(sourceOf(file, out)), spec) });
      return '';
    });
    code = code.replace(ASSET_IMPORT, (_all, name: string, _quote: string, spec: string) => {
      const asset = join(out, 'assets', spec.startsWith('.') ? basename(spec) : spec.replace(/^@/, ''));
      mkdirSync(dirname(asset), { recursive: true });
      cpSync(spec.startsWith('.') ? resolve(dirname(sourceOf(file, out)), spec) : require.resolve(spec), asset);
      return `const ${name} = new URL('${relativeSpecifier(file, asset)}', import.meta.url).href;`;
    });
    code = code.replace(SPECIFIER, (all, lead: string, quote: string, spec: string) => {
      if (!spec.startsWith('.')) return all;
      const target = resolveEmitted(file, spec);
      module.push({ module: target });
      return `${lead}${quote}${relativeSpecifier(file, target)}${quote}`;
    });
    writeFileSync(file, code);
    if (file.endsWith('.js')) edges.set(file, module);
  }
  const stylesheets: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string): void => {
    seen.add(file);
    for (const edge of edges.get(file) ?? []) {
      if ('css' in edge) {
        if (!stylesheets.includes(edge.css)) stylesheets.push(edge.css);
      } else if (!seen.has(edge.module)) visit(edge.module);
    }
  };
  visit(join(out, 'index.js'));
  return stylesheets;
}

/** `./x` → `./x.js` or `./x/index.js`, whichever tsc emitted; anything else is a build error. */
function resolveEmitted(file: string, spec: string): string {
  const base = resolve(dirname(file), spec);
  // Declarations import the `.js` path too; TypeScript maps it to the `.d.ts` beside it.
  const emitted = (path: string) => (file.endsWith('.d.ts') ? path.replace(/\.js$/, '.d.ts') : path);
  for (const candidate of [base, `${base}.js`, join(base, 'index.js')]) {
    if (candidate.endsWith('.js') && isFile(emitted(candidate))) return candidate;
    if (!file.endsWith('.d.ts') && RUNTIME_FILES.includes(extname(candidate)) && isFile(candidate)) return candidate;
  }
  throw new Error(`${relative(ROOT, file)}: cannot resolve import '${spec}' in the build output`);
}

function relativeSpecifier(from: string, to: string): string {
  const path = relative(dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

/** The source folder that an emitted file came from (same layout under `src/`). */
function sourceOf(file: string, out: string): string {
  return join(out, '..', 'src', relative(out, file));
}

function joinStylesheets(dir: string, stylesheets: readonly string[]): string {
  return stylesheets.map((css) => `/* ${relative(dir, css)} */\n${readFileSync(css, 'utf8')}`).join('\n');
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

await build(process.argv.slice(2));
