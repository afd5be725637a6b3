/** A field of a bench report by its dotted path (`results.embedded.c2c.saturation.ackedPerS`). */
export const get = (obj: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);

/** The number at that path, or null when the report has none there. */
export const num = (obj: unknown, path: string): number | null => {
  const v = get(obj, path);
  return typeof v === 'number' ? v : null;
};
