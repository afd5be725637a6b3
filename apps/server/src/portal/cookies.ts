import type { FastifyRequest } from 'fastify';

/** The value of one cookie the request carries, or null. */
export function requestCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === name && value) return value;
  }
  return null;
}
