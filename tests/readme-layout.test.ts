import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's layout table is a newcomer's map: every folder of the tree (down to the folders inside
 * src/server, src/site, src/lib, src/build, scripts and tests) is named there, either as a row of its
 * own, through rows of what it holds (`src` by `src/lib` …), or as `name/` in the row of the folder
 * that holds it; and every row names a path that exists.
 */
const root = new URL('..', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.split(/^## Repository layout$/m)[1]?.split(/^## /m)[0] ?? '';
const rows = new Map([...section.matchAll(/^\| `([^`]+)` \| (.*) \|$/gm)].map((m) => [m[1]!, m[2]!]));

const SKIPPED = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'playwright-report', '.git', '.astro']);
const subfolders = (rel: string) =>
  readdirSync(join(root, rel), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !SKIPPED.has(e.name) && !(e.name.startsWith('.') && e.name !== '.ci'))
    .map((e) => (rel ? `${rel}/${e.name}` : e.name));

/** Folders whose own subfolders the map must name too. */
const MAPPED_DEEPER = ['src', 'src/server', 'src/site', 'src/lib', 'src/build', 'scripts', 'tests'];
const folders = [...subfolders(''), ...MAPPED_DEEPER.flatMap(subfolders)];

/** The row of the folder itself, or of the nearest folder above it that has a row. */
function rowAbove(folder: string): string | undefined {
  for (let at = dirname(folder); at !== '.'; at = dirname(at)) if (rows.has(at)) return rows.get(at);
  return undefined;
}

describe('README layout table', () => {
  it('names every folder of the tree', () => {
    const named = (f: string, row = rowAbove(f) ?? '') => [`\`${basename(f)}/`, `\`${f}\``, `\`${f}/`].some((mark) => row.includes(mark));
    const holdsRows = (f: string) => [...rows.keys()].some((path) => path.startsWith(`${f}/`));
    const unnamed = folders.filter((f) => !rows.has(f) && !holdsRows(f) && !named(f));
    expect(unnamed).toEqual([]);
  });

  it('names only paths that exist', () => {
    expect([...rows.keys()].filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
