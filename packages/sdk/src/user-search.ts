import type { FoundUser } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok } from './core/types';

/**
 * Ours (the reference has no such call): up to 20 users found by exact userID, a piece of their
 * nick, their portal login name or their whole mobile number (never shown). Exact matches first;
 * the logged-in user is left out.
 */
export async function searchUsers(
  request: RequestFunction,
  options: { keyword: string },
): Promise<ChatResponse<{ userList: FoundUser[] }>> {
  return ok(await request('searchUsers', { keyword: options.keyword }));
}
