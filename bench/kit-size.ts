/**
 * `npm run bench -- kit`: the chat kit's size as a browser downloads it. The kit (with the SDK,
 * the protocol and its own dependencies: ProseMirror, i18next, react-virtuoso, zod) is bundled and
 * minified on its own, React and React DOM left out (every host has them; antd is not a
 * dependency of the kit), then gzipped. Pictures (emoji, stickers) stay separate files fetched
 * when shown, so they are counted apart. Prints JSON; asserts nothing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, defaultClientConditions } from 'vite';
import { REPO_ROOT } from './server-process';

export interface KitSize {
  what: string;
  jsBytes: number;
  jsGzipBytes: number;
  cssBytes: number;
  cssGzipBytes: number;
  /** Emoji and sticker pictures: separate files, loaded when shown. */
  assetFiles: number;
  assetBytes: number;
}

/** Bundles packages/chat-ui into a temporary folder and measures it. */
export async function measureKitSize(): Promise<KitSize> {
  const outDir = await mkdtemp(join(tmpdir(), 'liaison-kit-size-'));
  try {
    await build({
      root: REPO_ROOT,
      logLevel: 'warn',
      configFile: false,
      resolve: { conditions: ['@liaison/source', ...defaultClientConditions] },
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        outDir,
        emptyOutDir: true,
        minify: true,
        // Not library mode: that inlines every picture into the JS, which no host's build does.
        rollupOptions: {
          input: join(REPO_ROOT, 'packages/chat-ui/src/index.ts'),
          preserveEntrySignatures: 'exports-only',
          external: [/^react($|\/)/, /^react-dom($|\/)/],
        },
        assetsInlineLimit: 0,
      },
    });
    const size = { jsBytes: 0, jsGzipBytes: 0, cssBytes: 0, cssGzipBytes: 0, assetFiles: 0, assetBytes: 0 };
    for (const file of walk(outDir)) {
      const bytes = readFileSync(file);
      const ext = extname(file);
      if (ext === '.js') {
        size.jsBytes += bytes.length;
        size.jsGzipBytes += gzipSync(bytes, { level: 9 }).length;
      } else if (ext === '.css') {
        size.cssBytes += bytes.length;
        size.cssGzipBytes += gzipSync(bytes, { level: 9 }).length;
      } else {
        size.assetFiles += 1;
        size.assetBytes += bytes.length;
      }
    }
    return { what: '@liaison/chat-ui bundled and minified without react/react-dom, gzip -9', ...size };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
