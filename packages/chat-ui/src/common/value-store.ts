import { useCallback, useSyncExternalStore } from 'react';

/**
 * One value that components read through a selector: only those whose selected part changed
 * re-render (a row asks "am I selected?", not for the whole selection).
 */
export class ValueStore<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  get = (): T => this.value;

  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const listener of this.listeners) listener();
  }

  update(change: (current: T) => T): void {
    this.set(change(this.value));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The part of a store's value that `select` picks; `select` must return a primitive or a kept reference. */
export function useStoreValue<T, S>(store: ValueStore<T>, select: (value: T) => S): S {
  const snapshot = useCallback(() => select(store.get()), [store, select]);
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}
