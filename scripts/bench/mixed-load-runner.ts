/**
 * Child process of the long-tail API benchmark: N keep-alive connections walk one request sequence of
 * mixed kinds, each latency kept under its kind; beside them one more connection asks the health
 * endpoint every 20 ms, so its latency shows what the search load does to everything else the
 * process serves. A separate process so the load does not share the server's event loop. Requests
 * accept compressed answers, as browsers' do; each connection is a bare keep-alive socket
 * (keep-alive-client.ts), so the load generator takes as little of the machine's CPU as it can.
 */
import { KeepAliveClient } from './keep-alive-client';
import { summarise, type LatencySummary } from './stats';

export interface MixedJob {
  url: string;
  requests: { kind: string; path: string }[];
  connections: number;
  durationSeconds: number;
  /** Kinds also reported together under one name (getProduct = search page + category listing). */
  groups: Record<string, string[]>;
}

export interface KindResult {
  latency: LatencySummary;
  requestsPerSecond: number;
  failures: number;
}
export interface MixedResult {
  kinds: Record<string, KindResult>;
  health: KindResult;
  seconds: number;
  /** CPU the load generator itself used (its share of the machine is not the server's). */
  clientCpuMs: number;
}

/** What each request says it accepts: a browser's compressions (their cost is part of each answer's). */
const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br' };

async function run(job: MixedJob): Promise<MixedResult> {
  const base = new URL(job.url);
  const port = Number(base.port);
  const times = new Map<string, number[]>();
  const failures = new Map<string, number>();
  const health: number[] = [];
  let healthFailures = 0;
  let nextIndex = 0;
  const groupOf = new Map<string, string[]>();
  for (const [group, members] of Object.entries(job.groups)) for (const m of members) groupOf.set(m, [...(groupOf.get(m) ?? []), group]);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const end = t0 + job.durationSeconds * 1000;
  const worker = async () => {
    const client = new KeepAliveClient(base.hostname, port, BROWSER_HEADERS);
    while (performance.now() < end) {
      const r = job.requests[nextIndex++ % job.requests.length]!;
      const start = performance.now();
      let status = 0;
      try {
        status = await client.get(r.path);
      } catch {
        status = 0;
      }
      const elapsed = performance.now() - start;
      if (status === 200) {
        let list = times.get(r.kind);
        if (!list) times.set(r.kind, (list = []));
        list.push(elapsed);
        for (const group of groupOf.get(r.kind) ?? []) {
          let g = times.get(group);
          if (!g) times.set(group, (g = []));
          g.push(elapsed);
        }
      } else failures.set(r.kind, (failures.get(r.kind) ?? 0) + 1);
    }
    client.close();
  };
  const prober = async () => {
    const client = new KeepAliveClient(base.hostname, port, BROWSER_HEADERS);
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const status = await client.get('/api/site/v1/health');
        if (status === 200) health.push(performance.now() - start);
        else healthFailures++;
      } catch {
        healthFailures++;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    client.close();
  };
  await Promise.all([prober(), ...Array.from({ length: job.connections }, worker)]);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const kinds: Record<string, KindResult> = {};
  for (const kind of [...new Set(job.requests.map((r) => r.kind)), ...Object.keys(job.groups)]) {
    const list = times.get(kind) ?? [];
    kinds[kind] = { latency: summarise(list), requestsPerSecond: list.length / seconds, failures: failures.get(kind) ?? 0 };
  }
  return {
    kinds,
    health: { latency: summarise(health), requestsPerSecond: health.length / seconds, failures: healthFailures },
    seconds,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

process.once('message', (job: MixedJob) => {
  run(job).then(
    (result) => process.send!(result, () => process.exit(0)),
    (err: unknown) => {
      console.error('mixed load run failed:', err);
      process.exit(1);
    },
  );
});
