import { createHmac, randomUUID } from 'node:crypto';
import type { SmsMessage, SmsProvider } from './sms';

/** Real SMS gateways, chosen by SMS_PROVIDER (README). */
export type SmsGatewaySettings =
  | {
      provider: 'aliyun';
      /** Dysms API endpoint; Aliyun's is https://dysmsapi.aliyuncs.com/. */
      endpoint: string;
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      /** A verification-code template with one `${code}` parameter. */
      templateCode: string;
    }
  | {
      provider: 'webhook';
      /** Receives `POST {mobile, code, text}` as JSON; any 2xx is success. */
      endpoint: string;
      /** Sent as `Authorization: Bearer <token>` when set. */
      token: string | null;
    };

export const ALIYUN_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

/** A gateway that does not answer in this time has failed; the user may ask again at once. */
const TIMEOUT_MS = 10_000;

export function createSmsGateway(settings: SmsGatewaySettings): SmsProvider {
  return settings.provider === 'aliyun' ? new AliyunSms(settings) : new WebhookSms(settings);
}

/** Why a gateway refused a message: its own code and words, never the message itself. */
export class SmsGatewayError extends Error {}

/**
 * Aliyun Dysms `SendSms` (API version 2017-05-25), RPC style: form parameters signed with
 * HMAC-SHA1 (signature version 1.0) over the sorted, RFC 3986-encoded parameters.
 */
class AliyunSms implements SmsProvider {
  constructor(private readonly settings: Extract<SmsGatewaySettings, { provider: 'aliyun' }>) {}

  async send(message: SmsMessage): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.settings.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.settings.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = aliyunSignature('POST', params, this.settings.accessKeySecret);
    const body = Object.entries(params)
      .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
      .join('&');
    const answer = await post(this.settings.endpoint, 'application/x-www-form-urlencoded', body, {});
    const parsed = parseJson(answer.text) as { Code?: unknown; Message?: unknown } | null;
    if (parsed?.Code !== 'OK') {
      throw new SmsGatewayError(
        `Aliyun SendSms failed: HTTP ${answer.status} ${String(parsed?.Code ?? '')} ${String(parsed?.Message ?? '')}`.trim(),
      );
    }
  }
}

/** Signature of an Aliyun RPC request: base64 HMAC-SHA1, keyed by `secret&`. */
function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** RFC 3986: everything but A-Z a-z 0-9 - _ . ~ is %XX-encoded (UTF-8), spaces as %20. */
function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Any HTTP endpoint of the operator's own (an SMS relay, a provider's webhook API). */
class WebhookSms implements SmsProvider {
  constructor(private readonly settings: Extract<SmsGatewaySettings, { provider: 'webhook' }>) {}

  async send(message: SmsMessage): Promise<void> {
    const headers: Record<string, string> = this.settings.token
      ? { authorization: `Bearer ${this.settings.token}` }
      : {};
    const answer = await post(this.settings.endpoint, 'application/json', JSON.stringify(message), headers);
    if (answer.status < 200 || answer.status > 299) {
      throw new SmsGatewayError(`SMS webhook failed: HTTP ${answer.status}`);
    }
  }
}

async function post(
  url: string,
  contentType: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text() };
  } catch (err) {
    throw new SmsGatewayError(`SMS gateway unreachable: ${(err as Error).message}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
