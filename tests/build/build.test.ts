import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED, type ServerProcess, startServerProcess } from '../../apps/server/src/integration/server-process';
import { GETTING_STARTED_STEPS } from '../support/getting-started-flow';

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
/** A project with nothing but the SDK's tarball (and `ws`, its optional peer, which Node 20 needs), installed offline. */
let alone: string;

beforeAll(async () => {
  // What `npm test` built already (build:sdk) from these very sources is packed as it is.
  await run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build.ts'), '--unless-current'], { cwd: ROOT });
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
  alone = join(work, 'sdk-alone');
  mkdirSync(alone);
  writeFileSync(join(alone, 'package.json'), JSON.stringify({ name: 'sdk-alone', private: true, type: 'module' }));
  // ws as a tarball of the workspace's copy (it has no dependencies), so nothing needs the registry:
  // with --offline, any dependency the SDK still declared (another @liaison package) fails the install.
  await run('npm', ['pack', join(ROOT, 'node_modules/ws'), '--pack-destination', work, '--silent'], { cwd: work });
  const sdk = tarballs.find((t) => t.startsWith('liaison-sdk-'));
  const ws = readdirSync(work).find((file) => file.startsWith('ws-') && file.endsWith('.tgz'));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', `../${sdk}`, `../${ws}`], {
    cwd: alone,
  });
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
        expect(target, `${name} exports ${target}`).toMatch(/\.(c?js|d\.ts|css)$/);
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

  it('install the SDK alone: offline, with nothing but its optional peer ws beside it, and no import of another package in its code or declarations', () => {
    const installed = readdirSync(join(alone, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed.sort()).toEqual(['@liaison', 'ws']);
    expect(readdirSync(join(alone, 'node_modules/@liaison'))).toEqual(['sdk']);
    const dist = join(alone, 'node_modules/@liaison/sdk/dist');
    const manifest = JSON.parse(readFileSync(join(alone, 'node_modules/@liaison/sdk/package.json'), 'utf8'));
    expect(manifest.dependencies).toBeUndefined();
    for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(c?js|d\.ts)$/.test(file)) continue;
      const code = readFileSync(join(dist, file), 'utf8');
      // `from` as a word of its own (not the 'from' of a type such as Pick<WireMessage, 'from' | 'to'>),
      // dynamic import() and require(), and bare `import 'x'`.
      const packages = [
        ...code.matchAll(/(?:^|[\s}])from\s*['"]([^'"]+)['"]/g),
        ...code.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]/g),
        ...code.matchAll(/(?:^|;)\s*import\s*['"]([^'"]+)['"]/gm),
      ].map((m) => m[1] ?? '');
      expect(
        packages.filter((p) => !p.startsWith('.') && !p.startsWith('node:') && p !== 'ws'),
        file,
      ).toEqual([]);
    }
  });

  it('bundle for browsers with nothing but the SDK installed, as a web app does: ws, its Node-only peer, is left out', async () => {
    // Without the manifest's `browser` field webpack 5 and esbuild stop at the SDK's import('ws').
    const app = join(work, 'browser-app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'browser-app', private: true, type: 'module' }));
    const sdk = readdirSync(work).find((file) => file.startsWith('liaison-sdk-'));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', `../${sdk}`], {
      cwd: app,
    });
    writeFileSync(
      join(app, 'entry.js'),
      "import TencentCloudChat from '@liaison/sdk';\nconsole.log(TencentCloudChat.VERSION);\n",
    );
    const result = await build({
      absWorkingDir: app,
      entryPoints: ['entry.js'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]?.text).toContain('3.6.6');
  });

  it("load the SDK alone by CommonJS require as Tencent's index.js loads: the entry itself, with create, EVENT and TYPES", async () => {
    const out = await node(
      `const TencentCloudChat = require('@liaison/sdk');
      const chat = TencentCloudChat.create({ SDKAppID: 1400000001, server: 'http://127.0.0.1:1' });
      console.log(JSON.stringify({
        ready: chat.isReady(),
        event: TencentCloudChat.EVENT.SDK_READY,
        text: TencentCloudChat.TYPES.MSG_TEXT,
        version: TencentCloudChat.VERSION,
        interop: TencentCloudChat.default === TencentCloudChat,
        named: typeof TencentCloudChat.ChatSDK,
      }));`,
      { cwd: alone, extension: 'cjs' },
    );
    expect(out).toEqual({
      ready: false,
      event: 'sdkStateReady',
      text: 'TIMTextElem',
      version: '3.6.6',
      interop: true,
      named: 'function',
    });
  });

  it('give a TypeScript consumer of the SDK alone complete types: the declarations compile with nothing else installed', async () => {
    writeFileSync(
      join(alone, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [] },
        files: ['consumer.ts'],
      }),
    );
    writeFileSync(
      join(alone, 'consumer.ts'),
      `import TencentCloudChat, { ErrorCode } from '@liaison/sdk';
const chat = TencentCloudChat.create({ SDKAppID: 1 });
const ready: boolean = chat.isReady();
// @ts-expect-error error codes are numbers (the protocol's types, vendored)
const code: string = ErrorCode.USERSIG_EXPIRED;
// @ts-expect-error a message's payload is typed (zod's inferred types, vendored)
const list: Promise<number> = chat.getMessageList({ conversationID: 'C2Cx' }).then((r) => r.data.messageList[0]?.payload);
export { code, list, ready };
`,
    );
    // No skipLibCheck: every vendored declaration file is checked and must resolve inside the package.
    await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', alone], { cwd: alone });
  }, 120_000);

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

  it("runs Tencent's getting-started flow, create to logout, in plain Node on the SDK installed alone", async () => {
    const user = async (userID: string) => {
      const { stdout } = await run(process.execPath, [join(ROOT, 'apps/server/dist/cli/usersig.js'), userID], {
        env: { ...process.env, DATA_DIR: dataDir },
      });
      const { SDKAppID, userSig } = JSON.parse(stdout) as { SDKAppID: number; userSig: string };
      return { SDKAppID, user: { userID, userSig } };
    };
    const [me, peer, member] = await Promise.all(['flow-me', 'flow-peer', 'flow-member'].map(user));
    if (!me || !peer || !member) throw new Error('three userSigs');
    // The same script as the source-level test, in JavaScript; its import now finds the installed package.
    const flow = ts.transpileModule(readFileSync(join(ROOT, 'tests/support/getting-started-flow.ts'), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    writeFileSync(join(alone, 'getting-started-flow.mjs'), flow.outputText);
    const setup = {
      server: server.url,
      SDKAppID: me.SDKAppID,
      users: { me: me.user, peer: peer.user, member: member.user },
    };
    const out = await node(
      `import { runGettingStartedFlow } from './getting-started-flow.mjs';
      console.log(JSON.stringify({ steps: await runGettingStartedFlow(${JSON.stringify(setup)}) }));
      process.exit(0);`,
      { cwd: alone },
    );
    expect(out).toEqual({ steps: GETTING_STARTED_STEPS });
  }, 120_000);
});

/** Runs a module (ES by default) in a consumer project with plain Node and parses the JSON it prints. */
async function node(
  source: string,
  { cwd = consumer, extension = 'mjs' }: { cwd?: string; extension?: 'mjs' | 'cjs' } = {},
): Promise<Record<string, unknown>> {
  const file = join(cwd, `check-${Date.now()}-${Math.random().toString(36).slice(2)}.${extension}`);
  writeFileSync(file, source);
  const { stdout } = await run(process.execPath, [file], { cwd, timeout: 60_000 });
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
