import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MS, consumeCaptcha, issueCaptcha } from './captcha';
import { CAPTCHA_ALPHABET } from './captcha-image';
import { PortalClient } from './test-client';

/** The captcha a bot would have to beat: its answers, their spread, single use and expiry. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

const CAPTCHAS = 2_000;

describe('captcha', () => {
  it('never lets a fixed guess through in 2,000 captchas', async () => {
    let passed = 0;
    for (let i = 0; i < CAPTCHAS; i++) {
      const { id } = await issueCaptcha(server.db);
      const outcome = await consumeCaptcha(server.db, id, 'AAAAA').then(
        () => 'passed',
        () => 'refused',
      );
      if (outcome === 'passed') passed++;
    }
    expect(passed).toBe(0);
  });

  it('draws its answers from millions: 5 unambiguous characters, all of them used, hardly a repeat', async () => {
    const answers: string[] = [];
    for (let i = 0; i < CAPTCHAS; i++) answers.push((await issueCaptcha(server.db)).answer);
    expect(CAPTCHA_ALPHABET.length ** CAPTCHA_LENGTH).toBeGreaterThan(1_000_000);
    for (const answer of answers) expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
    // With 6.4 million answers, 2,000 draws repeat one with a chance of about 27 %; more than a
    // handful of repeats would mean the draw is far from uniform.
    expect(new Set(answers).size).toBeGreaterThan(CAPTCHAS - 5);
    const used = new Set(answers.join(''));
    expect(used.size).toBe(CAPTCHA_ALPHABET.length);
  });

  it('takes the answer in any case, once, and only for two minutes', async () => {
    const client = new PortalClient(server);
    const { id, answer } = await client.captcha();
    await expect(consumeCaptcha(server.db, id, ` ${answer.toLowerCase()} `)).resolves.toBeUndefined();
    await expect(consumeCaptcha(server.db, id, answer)).rejects.toThrow('图形验证码已失效，请刷新后重试');

    const old = await issueCaptcha(server.db, Date.now() - CAPTCHA_TTL_MS - 1);
    await expect(consumeCaptcha(server.db, old.id, old.answer)).rejects.toThrow('图形验证码已失效，请刷新后重试');
  });

  it('is used up by a wrong answer too', async () => {
    const { id, answer } = await new PortalClient(server).captcha();
    const wrong = answer === 'AAAAA' ? 'CCCCC' : 'AAAAA';
    await expect(consumeCaptcha(server.db, id, wrong)).rejects.toThrow('图形验证码错误');
    await expect(consumeCaptcha(server.db, id, answer)).rejects.toThrow('图形验证码已失效，请刷新后重试');
  });
});
