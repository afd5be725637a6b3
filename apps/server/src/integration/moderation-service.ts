import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A moderation service for tests (MODERATION_URL): it blocks text with "spam", holds anything with
 * "maybe" for review (a late verdict may follow through the callback) and passes the rest.
 */
export interface ModerationService {
  url: string;
  /** Every question asked, oldest first. */
  asked: Array<Record<string, string>>;
  close(): Promise<void>;
}

export async function startModerationService(): Promise<ModerationService> {
  const asked: Array<Record<string, string>> = [];
  const provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const question = JSON.parse(body) as Record<string, string>;
      asked.push(question);
      const text = question.text ?? '';
      const verdict = text.includes('spam') ? 'block' : text.includes('maybe') ? 'review' : 'pass';
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ verdict }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/check`,
    asked,
    close: () => new Promise((resolve) => provider.close(() => resolve())),
  };
}
