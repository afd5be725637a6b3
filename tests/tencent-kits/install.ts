import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Tencent's UI engine and React kit live in their own folder: the kit needs React 18, the product
 * React 19, and `@tencentcloud/chat` there is a stand-in that throws, so the tests can only pass
 * through the alias to `@liaison/sdk`.
 */
export const TENCENT_KITS = dirname(fileURLToPath(import.meta.url));

/** The built SDK an app bundles under Tencent's name (`npm run build:sdk`; `npm test` runs it first). */
export const SDK_ENTRY = join(TENCENT_KITS, '../../packages/sdk/dist/index.js');

/** The built SDK's entry; stops a test at once with what to run when it is not built. */
export function builtSdk(): string {
  if (!existsSync(SDK_ENTRY)) throw new Error('no built SDK: run npm run build:sdk');
  return SDK_ENTRY;
}

const LOCKFILE = join(TENCENT_KITS, 'package-lock.json');
const STAMP = join(TENCENT_KITS, 'node_modules', '.liaison-lock-hash');
const BUSY = join(TENCENT_KITS, '.installing');
const INSTALL_TIMEOUT_MS = 5 * 60_000;

/**
 * Installs the folder from its lockfile (`npm ci`, from npm's cache when it holds the packages)
 * unless this lockfile is what is installed. Test files in other workers wait for one install.
 */
export async function installTencentKits(): Promise<string> {
  const wanted = createHash('sha256')
    .update(await readFile(LOCKFILE))
    .digest('hex');
  const deadline = Date.now() + INSTALL_TIMEOUT_MS;
  for (;;) {
    if (existsSync(STAMP) && (await readFile(STAMP, 'utf8')) === wanted) return TENCENT_KITS;
    try {
      await mkdir(BUSY);
    } catch {
      if (Date.now() > deadline) throw new Error(`${BUSY} held for 5 minutes: remove it if no install runs`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      await npmCi();
      await writeFile(STAMP, wanted);
    } finally {
      await rm(BUSY, { recursive: true, force: true });
    }
  }
}

function npmCi(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: TENCENT_KITS,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm ci in ${TENCENT_KITS} failed (${code}): ${stderr}`)),
    );
  });
}
