import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED, type ServerProcess, startServerProcess } from '../../apps/server/src/integration/server-process';

/**
 * What a consumer and an operator get: the three packages as `npm pack` makes them, installed into an
 * empty project and loaded by plain Node (no TypeScript loader anywhere), and the compiled server run
 * by plain `node` as `npm start` does.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const PACKAGES = ['protocol', 'sdk', 'chat-ui'] as const;

let work: string;
let consumer: string;

beforeAll(async () => {
  await run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build.ts')], { cwd: ROOT });
  work = mkdtempSync(join(tmpdir(), 'liaison-pack-'));
  consumer = join(work, 'consumer');
  for (const name of PACKAGES) {
    await run('npm', ['pack', join(ROOT, 'packages', name), '--pack-destination', work, '--silent'], { cwd: work });
  }
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // The same versions the workspace uses, so npm finds them in its cache.
  const peers = ['ws', 'react', 'react-dom'].map((name) => `${name}@${versionOf(name)}`);
  const tarballs = readdirSync(work).filter((file) => file.endsWith('.tgz'));
  await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      ...tarballs.map((t) => `../${t}`),
      ...peers,
    ],
    { cwd: consumer },
  );
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the published packages', () => {
  it('point consumers at built JavaScript, declarations and CSS that are in the tarball, never at TypeScript sources', () => {
    for (const name of PACKAGES) {
      const dir = join(consumer, 'node_modules/@liaison', name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        exports: unknown;
        main: unknown;
        types: unknown;
        license?: string;
      };
      // main and types serve tools that predate `exports` (TypeScript's node10 resolution, old bundlers).
      const targets = [...exportTargets(manifest.exports), manifest.main, manifest.types];
      expect(targets.length, name).toBeGreaterThan(0);
      for (const target of targets) {
        if (typeof target !== 'string') throw new Error(`${name}: every entry point is a path, got ${String(target)}`);
        expect(target, `${name} exports ${target}`).toMatch(/\.(js|d\.ts|css)$/);
        expect(existsSync(join(dir, target)), `${name}: ${target} is in the tarball`).toBe(true);
      }
      expect(existsSync(join(dir, 'src')), `${name} ships no sources`).toBe(false);
      expect(manifest.license).toBe('MIT');
      expect(existsSync(join(dir, 'dist/LICENSE'))).toBe(true);
    }
  });

  it('load in plain Node: the protocol parses, and the SDK creates a client', async () => {
    const out = await node(`
      import { ErrorCode, errorMessages } from '@liaison/protocol';
      import LiaisonChat from '@liaison/sdk';
      const chat = LiaisonChat.create({ SDKAppID: 1400000001, server: 'http://127.0.0.1:1' });
      console.log(JSON.stringify({
        message: errorMessages[ErrorCode.USERSIG_EXPIRED],
        ready: chat.isReady(),
        event: LiaisonChat.EVENT.SDK_READY,
      }));
    `);
    expect(out).toMatchObject({ ready: false, event: 'sdkStateReady' });
    expect(typeof out.message).toBe('string');
  });

  it('load the chat kit in plain Node with React present, with its stylesheet and emoji pictures as files', async () => {
    const out = await node(`
      import { readFileSync, existsSync } from 'node:fs';
      import { fileURLToPath, pathToFileURL } from 'node:url';
      import { BASIC_EMOJI, ChatKit } from '@liaison/chat-ui';
      const css = readFileSync(fileURLToPath(import.meta.resolve('@liaison/chat-ui/style.css')), 'utf8');
      console.log(JSON.stringify({
        kit: typeof ChatKit,
        emoji: BASIC_EMOJI.length,
        pictures: BASIC_EMOJI.every((e) => existsSync(fileURLToPath(e.src))),
        stylesheets: css.match(/^\\/\\* src\\/.+\\.css \\*\\/$/gm),
      }));
    `);
    expect(out).toMatchObject({ kit: 'function', emoji: 62, pictures: true });
    expect(out.stylesheets).toEqual(
      expect.arrayContaining([
        '/* src/chat/chat.css */',
        '/* src/conversations/conversation.css */',
        '/* src/shell/kit.css */',
      ]),
    );
  });

  it('give a TypeScript consumer (NodeNext resolution) real types, not any', async () => {
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    // Each @ts-expect-error fails the compile if the line is not an error, i.e. if the types degraded to any.
    writeFileSync(
      join(consumer, 'consumer.ts'),
      `import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import type { ChatKitProps } from '@liaison/chat-ui';
const chat = LiaisonChat.create({ SDKAppID: 1, server: 'http://127.0.0.1:1' });
const ready: boolean = chat.isReady();
// @ts-expect-error isReady answers a boolean
const wrong: string = chat.isReady();
// @ts-expect-error error codes are numbers
const code: string = ErrorCode.USERSIG_EXPIRED;
// @ts-expect-error the kit's language is one of its languages
const props: Pick<ChatKitProps, 'language'> = { language: 'klingon' };
export { code, props, ready, wrong };
`,
    );
    await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', consumer], { cwd: consumer });
  }, 120_000);
});

describe('the compiled server', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'liaison-compiled-'));
    server = await startServerProcess({ DATA_DIR: dataDir }, COMPILED);
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs under plain node (no TypeScript loader) and answers /healthz', async () => {
    expect(server.child.spawnargs.join(' ')).not.toMatch(/tsx|\.ts\b/);
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('runs the password-hashing worker thread from the build (the embedded database worker runs it already)', async () => {
    const passwords = pathToFileURL(join(ROOT, 'apps/server/dist/portal/auth/passwords.js')).href;
    const out = await node(`
      const { hashPassword, verifyPassword } = await import('${passwords}');
      const hash = await hashPassword('Compiled2026');
      console.log(JSON.stringify({ argon2id: hash.startsWith('$argon2id$'), verified: await verifyPassword('Compiled2026', hash) }));
      process.exit(0);
    `);
    expect(out).toEqual({ argon2id: true, verified: true });
  });

  it('runs the image worker thread from the build: sizes of an uploaded picture', async () => {
    const images = pathToFileURL(join(ROOT, 'apps/server/dist/files/images.js')).href;
    const sharp = pathToFileURL(require.resolve('sharp')).href;
    const out = await node(`
      const { default: sharp } = await import('${sharp}');
      const { processImage } = await import('${images}');
      const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: 'red' } }).png().toBuffer();
      const made = await processImage(new Uint8Array(png), 'image/png');
      console.log(JSON.stringify({ original: [made.width, made.height], large: [made.large.width, made.large.height], small: [made.small.width, made.small.height] }));
      process.exit(0);
    `);
    expect(out).toEqual({ original: [1000, 500], large: [720, 360], small: [198, 99] });
  });

  it('accepts a login from the packed SDK with a userSig from the compiled CLI', async () => {
    const { stdout } = await run(process.execPath, [join(ROOT, 'apps/server/dist/cli/usersig.js'), 'alice'], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    const { SDKAppID, userSig } = JSON.parse(stdout) as { SDKAppID: number; userSig: string };
    const out = await node(`
      import LiaisonChat from '@liaison/sdk';
      const chat = LiaisonChat.create({ SDKAppID: ${SDKAppID}, server: '${server.url}' });
      await chat.login({ userID: 'alice', userSig: '${userSig}' });
      const profile = await chat.getMyProfile();
      console.log(JSON.stringify({ user: chat.getLoginUser(), profile: profile.data.userID }));
      await chat.destroy();
    `);
    expect(out).toEqual({ user: 'alice', profile: 'alice' });
  });
});

/** Runs an ES module in the consumer project with plain Node and parses the JSON it prints. */
async function node(source: string): Promise<Record<string, unknown>> {
  const file = join(consumer, `check-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, source);
  const { stdout } = await run(process.execPath, [file], { cwd: consumer, timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
}

/** Every file an `exports` map can hand a consumer, except the workspace-only source condition. */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports];
  if (exports === null || typeof exports !== 'object') return [];
  return Object.entries(exports).flatMap(([key, value]) => (key === '@liaison/source' ? [] : exportTargets(value)));
}

function versionOf(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}
