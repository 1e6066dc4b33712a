/** Builds (or reuses) the bench database of N products: `npx tsx scripts/bench/build-db.ts postgres|pglite N`. */
import { openBenchDatabase } from './database';
const [kind, n] = process.argv.slice(2);
const b = await openBenchDatabase(kind as 'pglite' | 'postgres', Number(n), console.log);
console.log(b.where, b.buildSteps);
await b.database.close();
