import {
  ErrorCode,
  LiaisonError,
  REST_API_PREFIX,
  REST_OK,
  type RestAnswer,
  RestError,
  RestErrorCode,
  restErrorMessages,
} from '@liaison/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../gateway/handler-table';
import type { RestCommand } from '../im/rest-command';
import { BucketMap } from '../limits/token-bucket';
import { countRefusal } from '../metrics/metrics';
import { authoriseAdmin, type RestQuery } from './admin-auth';
import { restCommands } from './command-table';

export interface RestApiOptions {
  /** IM_ADMIN_USERIDS (rest-api/settings.ts). */
  adminUserIDs: readonly string[];
  /** REST_CALLS_PER_SECOND, per command, shared by every process (divided by IM_SERVER_PROCESSES). */
  callsPerSecond: number;
  processes: number;
  log: (err: unknown, context: string) => void;
}

/**
 * Tencent's server REST API: POST /v4/<service>/<command>, signed by an administrator, answered
 * with HTTP 200 and {ActionStatus, ErrorCode, ErrorInfo, …} whatever happened, as Tencent's. Any
 * other method or path under /v4 is answered the same way (60002). The body is read as text
 * whatever its Content-Type (Tencent's clients send several), then parsed here (60003).
 */
export async function registerRestApi(http: FastifyInstance, services: Services, options: RestApiOptions) {
  const perSecond = options.callsPerSecond / options.processes;
  const rates = new BucketMap(perSecond, Math.max(1, Math.floor(perSecond)));
  await http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { service: string; command: string }; Querystring: RestQuery }>(
      `${REST_API_PREFIX}/:service/:command`,
      async (request) => {
        const name = `${request.params.service}/${request.params.command}`;
        const command = Object.hasOwn(restCommands, name) ? restCommands[name] : undefined;
        try {
          const caller = authoriseAdmin(request.query, services.app, options.adminUserIDs);
          if (!command) throw new RestError(RestErrorCode.UNKNOWN_COMMAND, `unknown command ${name}`);
          const bucket = rates.get(name, Date.now());
          if (bucket.waitMs(Date.now()) > 0) {
            countRefusal('rest_api_calls_per_second');
            throw new RestError(RestErrorCode.RATE_LIMITED);
          }
          bucket.take(Date.now());
          const body = parseBody(request);
          const parsed = command.schema.safeParse(body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new RestError(command.codes.invalidParams, `${issue?.path.join('.') || 'body'}: ${issue?.message}`);
          }
          return { ...REST_OK, ...(await command.run(services, parsed.data, { identifier: caller })) };
        } catch (error) {
          return refusal(error, command, options.log);
        }
      },
    );
    scope.all(`${REST_API_PREFIX}/*`, async () => fail(RestErrorCode.HTTP_PARSE, 'POST /v4/<service>/<command> only'));
  });
}

function parseBody(request: FastifyRequest): unknown {
  const text = typeof request.body === 'string' ? request.body : '';
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body;
  } catch {
    // Answered below, as a body that is JSON but not an object is.
  }
  throw new RestError(RestErrorCode.JSON_PARSE);
}

/**
 * A refusal as Tencent answers it. A capability's codes pass through (Tencent's REST API shares
 * them) unless the command's service numbers them otherwise; our socket protocol's own codes mean
 * bad parameters, answered with the command's code; an unexpected failure is its internal error, logged.
 */
function refusal(error: unknown, command: RestCommand<Services> | undefined, log: RestApiOptions['log']): RestAnswer {
  if (error instanceof RestError) return fail(error.code, error.message);
  const codes = command?.codes ?? { invalidParams: RestErrorCode.HTTP_PARSE, internal: RestErrorCode.ACCOUNT_INTERNAL };
  if (error instanceof LiaisonError && error.code !== ErrorCode.INTERNAL) {
    return fail(
      isSocketProtocolCode(error.code) ? codes.invalidParams : (codes.renumbered?.[error.code] ?? error.code),
      error.message,
    );
  }
  log(error, 'rest api');
  return fail(codes.internal, restErrorMessages[RestErrorCode.ACCOUNT_INTERNAL]);
}

/** Our socket protocol's own codes (60001–60999) mean other things in Tencent's REST API. */
function isSocketProtocolCode(code: number): boolean {
  return code > 60_000 && code < 61_000;
}

function fail(code: number, info: string): RestAnswer {
  return { ActionStatus: 'FAIL', ErrorCode: code, ErrorInfo: info };
}
