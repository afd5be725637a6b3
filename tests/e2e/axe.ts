import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical axe violations inside the element the selector finds. */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  // Evaluated by the test driver, not as a <script>: the portal's CSP rightly refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async (target) => {
    type Result = { violations: Array<{ id: string; impact: string; nodes: Array<{ html: string }> }> };
    const axe = (window as unknown as { axe: { run(el: Element, options: object): Promise<Result> } }).axe;
    const root = document.querySelector(target);
    if (!root) throw new Error(`nothing matches ${target}`);
    // Only violations are read: axe then skips gathering every passing node, most of a scan's work.
    const result = await axe.run(root, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 80)).join(' | ')}`);
  }, selector);
}
