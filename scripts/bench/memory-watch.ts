/**
 * Peak memory of this process and all its descendants (the Pagefind indexer is a child binary),
 * sampled from /proc every 100 ms: the figure that must stay under the 4 GB budget.
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

function childrenOf(): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = out.get(ppid) ?? [];
      list.push(Number(name));
      out.set(ppid, list);
    } catch { /* the process ended meanwhile */ }
  }
  return out;
}

function treeRssKb(root: number): number {
  const kids = childrenOf();
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rssKb(pid);
    stack.push(...(kids.get(pid) ?? []));
  }
  return total;
}

export function watchMemory(intervalMs = 100): { peakMb: () => number; stop: () => number } {
  let peak = 0;
  const sample = () => { peak = Math.max(peak, treeRssKb(process.pid)); };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    peakMb: () => Math.round(peak / 1024),
    stop: () => { clearInterval(timer); sample(); return Math.round(peak / 1024); },
  };
}
