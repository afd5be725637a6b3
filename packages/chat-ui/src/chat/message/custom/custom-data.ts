import type { Message } from '@liaison/sdk';
import type { MessageOf } from '../message-of';

/** A custom message's data: JSON with a businessID (spec §3 "Custom message"), or nothing usable. */
export type CustomData = Record<string, unknown>;

/** The message's data parsed as a JSON object; {} when it is not one. */
export function parseCustomData(message: Message): CustomData {
  return parseObject((message as MessageOf<'TIMCustomElem'>).payload.data);
}

/** A JSON object from a string (or an object already), else {}. */
export function parseObject(value: unknown): CustomData {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as CustomData;
  if (typeof value !== 'string' || value === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as CustomData) : {};
  } catch {
    return {};
  }
}

/** The data's businessID as a string ('1' for the call record's numeric 1), or ''. */
export function businessIDOf(data: CustomData): string {
  const id = data.businessID;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

export function stringField(data: CustomData, name: string): string {
  const value = data[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function numberField(data: CustomData, name: string): number | undefined {
  const value = data[name];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : undefined;
}

/** A link a card may open: http and https only (no javascript:, data: or relative tricks). */
export function safeHttpURL(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
