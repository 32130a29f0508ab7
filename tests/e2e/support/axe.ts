import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The serious and critical WCAG A/AA violations axe-core finds in the page as it is now (colour
 * contrast included), optionally inside one element. Each is named by rule and the elements it hit.
 */
export async function seriousViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol: the site's CSP (script-src 'self') refuses an inline tag.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (context) => {
    type Result = {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown[] }>;
      }>;
    };
    const axe = (globalThis as unknown as { axe: { run: (...args: unknown[]) => Promise<Result> } }).axe;
    const result = await axe.run(context ?? (globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  }, within ?? null);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
