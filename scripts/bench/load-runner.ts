/**
 * Child process of the API benchmark: drives one autocannon run and reports exact latency
 * percentiles. A separate process so that the load generator does not share the server's event loop.
 */
import autocannon from 'autocannon';
import { summarise, type LatencySummary } from './stats';

export interface LoadJob {
  url: string;
  paths: string[];
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  latency: LatencySummary;
  requestsPerSecond: number;
  completed: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** The list rotated to start at `offset`: each connection begins at its own place in it. */
function rotated(paths: string[], offset: number) {
  return [...paths.slice(offset), ...paths.slice(0, offset)].map((path) => ({ method: 'GET' as const, path }));
}

function run(job: LoadJob): Promise<LoadResult> {
  const latencies: number[] = [];
  let connection = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.durationSeconds,
        timeout: 30,
        requests: rotated(job.paths, 0),
        // Every connection walks the whole list, from its own starting point: a slow run still spreads
        // over the whole set, and connections do not ask for the same thing at the same moment.
        setupClient: (client) => {
          const offset = Math.floor((connection++ * job.paths.length) / job.connections) % job.paths.length;
          client.setRequests(rotated(job.paths, offset));
        },
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          latency: summarise(latencies),
          requestsPerSecond: result.requests.average,
          completed: latencies.length,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    // autocannon's own histogram stops at p97.5 and p99; keep every 2xx latency for an exact p95.
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!(result, () => process.exit(0)),
    (err: unknown) => {
      console.error('load run failed:', err);
      process.exit(1);
    },
  );
});
