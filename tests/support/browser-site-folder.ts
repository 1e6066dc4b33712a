/**
 * Vitest global setup: the run's folder for the static build the browser files share
 * (tests/support/browser-site.ts), removed at the end of the run. Its own file, so the runner's main
 * process does not load the build pipeline only to make a folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    browserSites: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'qateh-test-sites-'));
  project.provide('browserSites', root);
  return () => rmSync(root, { recursive: true, force: true });
}
