/**
 * The shop's npm scripts run as their own processes, as an operator runs them: `scripts/start.ts`
 * (answers once it prints its address) and the one-shot scripts (exit code and output).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Only what the test hands over, plus what Node needs to run: nothing leaks in from the test's own environment. */
function childEnv(env: Record<string, string>): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : []));
  return { ...Object.fromEntries(keep), ...env };
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `scripts/<name>` to its end; `input` is written to its standard input. */
export function runScript(name: string, args: string[], env: Record<string, string>, input = ''): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}`, ...args], { cwd: REPO, env: childEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

export interface ShopProcess {
  url: string;
  output(): string;
  /** SIGTERM, as a service manager stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Ends the shops this module started that are still running (a test that failed half-way); for afterAll. */
export async function stopShopProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('close', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** What `scripts/start.ts` prints once it serves: one process's address, or the primary's once all of WEB_PROCESSES serve. */
export const SERVES = /Qateh is running at (http:\/\/\S+?) /;
export const SERVES_AS_PROCESSES = /Qateh runs \d+ server processes \(pids [\d, ]+\) on one port at (http:\/\/\S+)/;

/**
 * `node --import tsx scripts/start.ts`; resolves once its output matches `serves` (the address its first
 * group), rejects with its output if it exits first.
 */
export function startShopProcess(env: Record<string, string>, serves: RegExp = SERVES): Promise<ShopProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: REPO,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = serves.exec(output);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (more: Buffer) => {
          output += more.toString();
        });
        resolve({
          url: m[1]!,
          output: () => output,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => {
      output += d.toString();
    });
    void exited.then((code) => reject(new Error(`scripts/start.ts exited (${code}) before serving:\n${output}`)));
  });
}
