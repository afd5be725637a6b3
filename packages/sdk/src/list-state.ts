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
