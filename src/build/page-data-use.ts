/**
 * Which of src/site/data.ts's reads each page of the storefront reaches, through the components it
 * imports (read from the sources' import lines, followed file by file). A partial rebuild renders only
 * the fixed pages that show what changed (src/build/rebuild-plan.ts: `fixedPagesToRender`): an account
 * or checkout page shows nothing of the catalogue but the shared frame, which the rebuild swaps in as
 * text. A page reaching the API any other way than through data.ts is marked as reading everything.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Marks a page that reads data some other way than through data.ts: it is rendered on every change. */
export const READS_ANYTHING = '*';

const IMPORT = /\bimport\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '.js', '.mjs', '/index.ts', '/index.astro'];
/** Reaching for the API or fetching without data.ts. */
const OWN_READS = /\bcreateSiteApi\b|\bfetch\s*\(/;

function resolveImport(root: string, from: string, spec: string): string | null {
  const base = spec.startsWith('~/') ? join(root, 'src', spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** The names a non-type import takes from a module (`{ a, b as c }`, `* as x` → '*'). */
function importedNames(clause: string): string[] {
  const braces = /\{([^}]*)\}/.exec(clause);
  const names = braces
    ? braces[1]!
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))
        .map((n) => n.split(/\s+as\s+/)[0]!.trim())
    : [];
  if (/\*\s*as\s+\w+/.test(clause) || /^\s*\w+\s*(,|$)/.test(clause)) names.push(READS_ANYTHING);
  return names;
}

/** data.ts names read by `file` and everything it imports (memoised in `seen`). */
function readsOf(root: string, dataFile: string, file: string, seen: Map<string, Set<string>>): Set<string> {
  const known = seen.get(file);
  if (known) return known;
  const out = new Set<string>();
  seen.set(file, out);
  const source = readFileSync(file, 'utf8');
  // A component's <script> runs in the browser, after the page is written: only its frontmatter renders.
  const text = file.endsWith('.astro') ? (/^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '') : source;
  if (file !== dataFile && OWN_READS.test(text)) out.add(READS_ANYTHING);
  for (const m of text.matchAll(IMPORT)) {
    if (m[1]) continue;
    const spec = m[3] ?? m[4]!;
    const target = resolveImport(root, file, spec);
    if (!target) continue;
    if (target === dataFile) {
      for (const name of m[3] ? importedNames(m[2]!) : [READS_ANYTHING]) out.add(name);
      // Islands fetch in the browser, after the page is written: what they show then is not on the static page.
    } else if (!target.endsWith('.tsx') && !target.includes('/src/site/islands/'))
      for (const name of readsOf(root, dataFile, target, seen)) out.add(name);
  }
  return out;
}

function pageFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) pageFiles(full, out);
    else if (/\.(astro|ts|js|md|mdx)$/.test(name)) out.push(full);
  }
  return out;
}

/**
 * Every page source (its path relative to `root`, as Astro names a page's component) with the
 * data.ts names it reaches.
 */
export function pageDataUse(root: string): Record<string, string[]> {
  const siteDir = join(root, 'src', 'site');
  const dataFile = join(siteDir, 'data.ts');
  const seen = new Map<string, Set<string>>();
  const out: Record<string, string[]> = {};
  for (const page of pageFiles(join(siteDir, 'pages'))) out[relative(root, page)] = [...readsOf(root, dataFile, page, seen)].sort();
  return out;
}
