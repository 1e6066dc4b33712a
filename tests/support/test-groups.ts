/**
 * The suite runs as two groups (scripts/test.ts). Files that build a static site, start the shop as a
 * process of its own or drive Chromium each get a fresh process, as vitest gives by default: Astro's
 * build and the browser leave process-wide state behind. The rest — API, service and pure-rule files,
 * each with its own database and server — share long-lived processes, so the server's modules are
 * imported once per process instead of once per file (about five CPU-seconds a file).
 */
export const ISOLATED_FILES = [
  'tests/**/*-browser.test.ts',
  'tests/storefront-*.test.ts',
  'tests/security/production-mode.test.ts',
  'tests/security/html-sanitise.test.ts',
];

export type TestGroup = 'isolated' | 'shared';

/** One glob of ISOLATED_FILES as a regular expression: they use only `**\/` (any folders) and `*`. */
function globExpression(glob: string): RegExp {
  const parts = glob.split(/(\*\*\/|\*)/).map((part) => {
    if (part === '**/') return '(?:.*/)?';
    if (part === '*') return '[^/]*';
    return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}$`);
}

const ISOLATED_EXPRESSIONS = ISOLATED_FILES.map(globExpression);

/** The group a test file (its path from the repository root, with forward slashes) runs in. */
export function groupOf(file: string): TestGroup {
  return ISOLATED_EXPRESSIONS.some((e) => e.test(file)) ? 'isolated' : 'shared';
}

/** The group named by QATEH_TEST_GROUP; unset runs every file in a fresh process (`npx vitest run <file>`). */
export function testGroup(value: string | undefined): TestGroup | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'isolated' || value === 'shared') return value;
  throw new Error(`QATEH_TEST_GROUP must be "isolated" or "shared", not "${value}"`);
}
