import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

/** The `CHROMIUM_PATH` value that asks for the Chromium shipped inside @sparticuz/chromium. */
export const BUNDLED = 'bundled';

/** Debian's Chromium (`apt-get install chromium`). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** What Playwright needs to start a Chromium: its binary and what to add to its environment. */
export interface ChromiumInstall {
  executablePath: string;
  env: Record<string, string>;
}

/**
 * Which Chromium the browser tests drive: `CHROMIUM_PATH` when set (a binary, or `bundled`), else
 * Debian's when it is installed, else the bundled one. No tool downloads a browser.
 */
export function chosenChromium(
  env: NodeJS.ProcessEnv = process.env,
  isDebianInstalled = existsSync(DEBIAN_CHROMIUM),
): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return isDebianInstalled ? DEBIAN_CHROMIUM : BUNDLED;
}

/**
 * `choice` ready to start: the bundled one unpacked (once per version), and for every Chromium a
 * fontconfig file that adds Noto Sans SC to the machine's fonts, so that screenshots show the
 * product's Chinese on a machine without a CJK font.
 */
export async function installChromium(choice: string): Promise<ChromiumInstall> {
  const env = { FONTCONFIG_FILE: await fontConfig() };
  if (choice !== BUNDLED) {
    if (!existsSync(choice)) throw new Error(`Chromium not found at ${choice} (CHROMIUM_PATH)`);
    return { executablePath: choice, env };
  }
  const home = await unpackBundled();
  // The NSS and expat builds the binary was made with, so it needs none from the machine.
  return { executablePath: join(home, 'chromium'), env: { ...env, LD_LIBRARY_PATH: join(home, 'lib') } };
}

const require = createRequire(import.meta.url);
/** @sparticuz/chromium's folder; its `bin/` holds the brotli archives. */
const SPARTICUZ = dirname(dirname(require.resolve('@sparticuz/chromium')));
/** Beside the packages, so `npm ci` starts it afresh; one folder per checkout, none shared. */
const CACHE = join(SPARTICUZ, '..', '..', '.cache', 'liaison-chromium');
/** Every weight of Noto Sans SC as TrueType files (fontconfig reads the folder and its subfolders). */
const NOTO_SANS_SC = dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));

/**
 * Unpacks the bundled Chromium into the cache, not where the package's own `executablePath()` puts
 * it (one fixed /tmp/chromium whatever the version, that a second test worker may start while the
 * first is still writing it): each worker unpacks into a scratch folder and renames it into place,
 * and a worker that loses the race keeps the winner's.
 */
async function unpackBundled(): Promise<string> {
  const { version } = JSON.parse(await readFile(join(SPARTICUZ, 'package.json'), 'utf8')) as { version: string };
  const home = join(CACHE, `chromium-${version}`);
  if (existsSync(home)) return home;
  await mkdir(CACHE, { recursive: true });
  const scratch = await mkdtemp(`${home}.partial-`);
  try {
    const bin = join(SPARTICUZ, 'bin');
    await Promise.all([
      pipeline(
        createReadStream(join(bin, 'chromium.br')),
        createBrotliDecompress(),
        createWriteStream(join(scratch, 'chromium'), { mode: 0o755 }),
      ),
      // SwiftShader's GL libraries sit beside the binary, which loads them from there.
      untar(join(bin, 'swiftshader.tar.br'), scratch),
      untar(join(bin, 'al2023.tar.br'), scratch),
    ]);
    await rename(scratch, home);
  } catch (error) {
    if (!existsSync(home)) throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return home;
}

/** Unpacks a brotli-compressed tar archive with the machine's tar (tar itself knows no brotli). */
async function untar(archive: string, into: string): Promise<void> {
  const tarFile = join(into, basename(archive, '.br'));
  await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(tarFile));
  const tar = spawn('tar', ['-x', '-f', tarFile, '-C', into], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    tar.once('error', reject);
    tar.once('close', resolve);
  });
  await rm(tarFile);
  if (code !== 0) throw new Error(`tar exited with ${code} unpacking ${archive}`);
}

/** The machine's fontconfig set-up plus Noto Sans SC, with a font cache of its own. */
async function fontConfig(): Promise<string> {
  const file = join(CACHE, 'fonts.conf');
  const text = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <cachedir>${xml(join(CACHE, 'fontconfig'))}</cachedir>
  <dir>${xml(NOTO_SANS_SC)}</dir>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
</fontconfig>
`;
  if (existsSync(file) && (await readFile(file, 'utf8')) === text) return file;
  await mkdir(CACHE, { recursive: true });
  // Written aside and renamed, so a browser started by another worker never reads half a file.
  const scratch = `${file}.${randomUUID()}`;
  await writeFile(scratch, text);
  await rename(scratch, file);
  return file;
}

function xml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
