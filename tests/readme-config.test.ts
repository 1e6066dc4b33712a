import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from '../src/server/config';

/**
 * The README's Configuration table is the operator's only manual: it must name every variable the
 * server reads, with the default the server really uses.
 */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
const rows = new Map(
  [...section.matchAll(/^\| `([A-Z0-9_]+)` \| (.*?) \| (.*?) \|$/gm)].map((m) => [m[1]!, { defaultCell: m[2]!, meaning: m[3]! }]),
);

/** How a default is written in the README: as an operator would set it in the environment. */
function asEnvText(value: unknown): string {
  if (value === undefined) return 'unset';
  if (typeof value === 'boolean') return value ? '`1`' : '`0`';
  if (Array.isArray(value)) return `\`${value.join(',')}\``;
  return `\`${String(value)}\``;
}

describe('README configuration table', () => {
  it('lists exactly the variables of src/server/config.ts', () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('gives each variable the default the server uses and a meaning', () => {
    const defaults = loadConfig({}) as Record<string, unknown>;
    for (const [name, row] of rows) {
      expect(row.defaultCell, name).toBe(asEnvText(defaults[name]));
      expect(row.meaning.length, name).toBeGreaterThan(5);
    }
  });
});
