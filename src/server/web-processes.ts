/**
 * Several server processes on one machine (WEB_PROCESSES, README "Several servers"): one Node thread
 * answers every request of a process, so a machine with more cores than one serves more with a process
 * per core. A small primary forks the processes with node:cluster; they share one listening port (the
 * primary hands each new connection to the next process) and one PostgreSQL, as instances on several
 * machines do, so every rule of the several-servers design holds between them.
 *
 * Process 1 is the lead: it starts alone (migrations, demo data, the storefront's build), and does
 * what one process per machine does for the shared site folder (the site updater, the rest of a
 * deferred build, the search fallback, the page renderer's warm start); the others start once it
 * answers. A process that dies is started again in its place (the lead's replacement takes the lead's
 * work), after a pause that grows while it keeps dying at start. SIGTERM or SIGINT to the primary stops
 * every process (each closes its server and database) before the primary exits.
 *
 * The primary opens no database and loads no server code: only this file and node:cluster.
 */
import cluster, { type Worker } from 'node:cluster';

/** What a process tells the primary once it serves. */
interface ReadyMessage {
  type: 'qateh:web-process-ready';
  url: string;
  slot: number;
}

const SLOT_VARIABLE = 'QATEH_WEB_PROCESS';
/** A process that lived this long before dying is started again at once; sooner, the pause doubles. */
const HEALTHY_AFTER_MS = 10_000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 30_000;
/** How long the processes get to close (open requests, the database) before they are killed. */
const STOP_GRACE_MS = 30_000;

/** This process's number among the machine's server processes (1 = the lead), or null when it is the only one. */
export function webProcessSlot(): number | null {
  if (!cluster.isWorker) return null;
  const slot = Number(process.env[SLOT_VARIABLE]);
  return Number.isInteger(slot) && slot > 0 ? slot : null;
}

/** Whether this process does the once-per-machine work: the only process, or process 1 of several. */
export function isLeadProcess(): boolean {
  const slot = webProcessSlot();
  return slot === null || slot === 1;
}

/** Tells the primary (if any) that this process serves; the next ones start after the lead's. */
export function tellPrimaryReady(url: string): void {
  const slot = webProcessSlot();
  if (slot === null || !process.send) return;
  const message: ReadyMessage = { type: 'qateh:web-process-ready', url, slot };
  process.send(message);
}

/**
 * Calls `stop` when the primary is gone (killed without passing the signal on): a process left alone
 * would keep the port and the database's connections.
 */
export function stopWithPrimary(stop: () => void): void {
  if (cluster.isWorker) process.on('disconnect', stop);
}

export interface WebProcessesEvents {
  log(line: string): void;
  /** Each time a process serves: its slot, process id and address (a replacement too). */
  ready?(slot: number, pid: number, url: string): void;
}

export interface WebProcesses {
  /** Resolves once every process served once; rejects when the lead dies before it serves. */
  started: Promise<{ url: string; pids: number[] }>;
  /** The process ids serving now, by slot. */
  pids(): number[];
  /** Stops every process (SIGTERM, then SIGKILL after the grace) and resolves when all have exited. */
  stop(): Promise<void>;
}

/**
 * In the primary: forks `count` server processes running this same script (cluster.isWorker is then
 * true there), the lead first, and keeps them running until stop().
 */
export function startWebProcesses(count: number, events: WebProcessesEvents): WebProcesses {
  const workers = new Map<number, Worker>();
  const pauses = new Map<number, number>();
  let stopping = false;
  let url = '';
  let startedAll = false;
  let othersForked = false;
  /** Slots that served at least once. */
  const served = new Set<number>();
  let resolveStarted!: (value: { url: string; pids: number[] }) => void;
  let rejectStarted!: (err: Error) => void;
  const started = new Promise<{ url: string; pids: number[] }>((resolve, reject) => {
    resolveStarted = resolve;
    rejectStarted = reject;
  });
  // Nothing may be left unhandled when the caller awaits only stop().
  started.catch(() => {});
  const pids = () => [...workers.entries()].sort(([a], [b]) => a - b).map(([, w]) => w.process.pid!);

  const fork = (slot: number) => {
    const forkedAt = Date.now();
    const worker = cluster.fork({ [SLOT_VARIABLE]: String(slot) });
    workers.set(slot, worker);
    worker.on('message', (message: ReadyMessage) => {
      if (message?.type !== 'qateh:web-process-ready') return;
      url = message.url;
      events.log(`web process ${slot} of ${count} (pid ${worker.process.pid}) serves at ${message.url}`);
      events.ready?.(slot, worker.process.pid!, message.url);
      served.add(slot);
      if (slot === 1 && !othersForked) {
        othersForked = true;
        for (let s = 2; s <= count; s++) fork(s);
      }
      if (!startedAll && served.size === count) {
        startedAll = true;
        resolveStarted({ url, pids: pids() });
      }
    });
    worker.on('exit', (code, signal) => {
      if (workers.get(slot) === worker) workers.delete(slot);
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!startedAll && slot === 1 && !served.has(1)) {
        // The lead could not start (a bad database address, a failed build): the others would fail alike.
        stopping = true;
        rejectStarted(new Error(`web process 1 exited with ${how} before it served`));
        void stopAll();
        return;
      }
      const lived = Date.now() - forkedAt;
      const pause = lived >= HEALTHY_AFTER_MS ? 0 : Math.min(LONGEST_PAUSE_MS, (pauses.get(slot) || FIRST_PAUSE_MS / 2) * 2);
      pauses.set(slot, pause);
      events.log(`web process ${slot} (pid ${worker.process.pid}) exited with ${how}; starting it again${pause ? ` in ${pause} ms` : ''}`);
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, pause);
    });
  };
  const stopAll = async () => {
    const running = [...workers.values()].filter((w) => !w.isDead());
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
            worker.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };

  fork(1);
  return {
    started,
    pids,
    async stop() {
      stopping = true;
      if (!startedAll) rejectStarted(new Error('stopped before every web process served'));
      await stopAll();
    },
  };
}
