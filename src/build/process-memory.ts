/**
 * Resident memory of this process's descendants, read from /proc (Linux): the build reports the
 * Pagefind indexer's own peak, since the memory budget covers the whole process tree.
 */
import { readdirSync, readFileSync } from 'node:fs';

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Descendant pids of `root` with their command lines. */
function descendants(root: number): { pid: number; cmd: string }[] {
  const children = new Map<number, number[]>();
  let names: string[] = [];
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      /* ended meanwhile */
    }
  }
  const out: { pid: number; cmd: string }[] = [];
  const stack = [...(children.get(root) ?? [])];
  while (stack.length) {
    const pid = stack.pop()!;
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      /* ended meanwhile */
    }
    out.push({ pid, cmd });
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/**
 * Samples the summed RSS of matching descendants (and of this process too with `withSelf`) every
 * `intervalMs`; stop() returns the peak in MB.
 */
export function treePeakSampler(match: (cmd: string) => boolean, intervalMs = 200, withSelf = false): { stop: () => number } {
  let peak = 0;
  const sample = () => {
    const kb = descendants(process.pid)
      .filter((d) => match(d.cmd))
      .reduce((sum, d) => sum + rssKb(d.pid), withSelf ? rssKb(process.pid) : 0);
    peak = Math.max(peak, kb);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return Math.round(peak / 1024);
    },
  };
}
