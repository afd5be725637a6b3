import type { PushEvent } from '@liaison/protocol';

/** The relation lists the server names in its `relations` push: friends, friend requests, blocklist. */
export type RelationListName = PushEvent<'relations'>['lists'][number];

/** Fetches the named lists again (after a change made here), reporting a failure rather than throwing. */
export type RefreshLists = (lists: readonly RelationListName[]) => Promise<void>;

/** A list as last fetched, reporting each fetch that changed it. */
export class ListState<T> {
  private value: T | null = null;

  constructor(private readonly onChanged: (value: T) => void) {}

  get current(): T | null {
    return this.value;
  }

  set(next: T): void {
    const before = this.value === null ? null : JSON.stringify(this.value);
    this.value = next;
    if (JSON.stringify(next) !== before) this.onChanged(next);
  }

  reset(): void {
    this.value = null;
  }
}
