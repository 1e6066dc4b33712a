/**
 * What one page's file calls cost, promise-based (as Astro makes them) against synchronous (as the
 * build makes them while it renders, src/build/internals/sync-page-writes.ts): wall time and process CPU per
 * call for a new folder and a 50 KB page, in a folder under node_modules/.cache.
 *
 *   node --import tsx scripts/bench/fs-calls.ts [calls=20000]
 */
import fs from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/build/astro-render';

const calls = Number(process.argv[2] ?? 20000);
const base = join(PROJECT_ROOT, 'node_modules', '.cache', `fs-calls-${process.pid}`);
const page = Buffer.alloc(50_000, 'x');

async function measure(label: string, call: (i: number) => unknown): Promise<void> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call(i);
  const used = process.cpuUsage(cpu);
  const us = (v: number) => (v / calls).toFixed(1).padStart(6);
  console.log(
    `${label.padEnd(28)} wall ${us((performance.now() - wall) * 1000)} µs  user ${us(used.user)} µs  system ${us(used.system)} µs`,
  );
}

async function main(): Promise<void> {
  fs.rmSync(base, { recursive: true, force: true });
  for (const dir of ['async', 'sync']) fs.mkdirSync(join(base, dir), { recursive: true });
  try {
    console.log(`${calls} calls each, per call:`);
    await measure('fs.promises.mkdir (new)', (i) => fs.promises.mkdir(join(base, 'async', `p-${i}`), { recursive: true }));
    await measure('fs.mkdirSync (new)', (i) => fs.mkdirSync(join(base, 'sync', `p-${i}`), { recursive: true }));
    await measure('fs.promises.writeFile 50 KB', (i) => fs.promises.writeFile(join(base, 'async', `p-${i}`, 'index.html'), page));
    await measure('fs.writeFileSync 50 KB', (i) => fs.writeFileSync(join(base, 'sync', `p-${i}`, 'index.html'), page));
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
