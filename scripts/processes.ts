// Child processes that stop together: Ctrl-C (or SIGTERM) ends every one of them, then this process. A supervised
// child (a provider stand-in) that exits on its own is started again, so its crash never needs the rest restarted.
import type { Subprocess } from 'bun';

const children = new Set<Subprocess>();
let stopping = false;

export interface ChildOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Reads what the child writes to stdout (which still reaches this process's stdout, as it comes). */
  onStdout?: (text: string) => void;
}

export function spawnChild(cmd: string[], options: ChildOptions = {}) {
  const child = Bun.spawn(cmd, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['inherit', options.onStdout ? 'pipe' : 'inherit', 'inherit'],
  });
  children.add(child);
  child.exited.then(() => children.delete(child));
  const { onStdout } = options;
  if (onStdout && child.stdout instanceof ReadableStream) void forward(child.stdout, onStdout);
  return child;
}

async function forward(stream: ReadableStream<Uint8Array>, onStdout: (text: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    process.stdout.write(text);
    onStdout(text);
  }
}

/** Waits after an unexpected exit before starting the child again (a child that cannot start does not spin). */
const restartDelayMs = 1000;

/** Runs `cmd` and starts it again whenever it exits while this process is not stopping. */
export function superviseChild(label: string, cmd: string[], options: ChildOptions = {}): void {
  const start = () => {
    const child = spawnChild(cmd, options);
    void child.exited.then((code) => {
      if (stopping) return;
      console.error(`${label} exited (${child.signalCode ?? `code ${code}`}); starting it again in ${restartDelayMs} ms`);
      setTimeout(() => stopping || start(), restartDelayMs);
    });
  };
  start();
}

export function stopAll(code = 0): never {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

export function stopOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stopAll(0));
  process.on('exit', () => {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
  });
}

export const rspackBin = ['node', 'node_modules/@rspack/cli/bin/rspack.js'];

/** Resolves once `url` answers 200 (a stand-in's /health), or after `timeoutMs` with false. */
export async function answers(url: string, timeoutMs = 30_000): Promise<boolean> {
  for (let waited = 0; waited < timeoutMs; waited += 200) {
    if (await fetch(url).then((r) => r.ok, () => false)) return true;
    await Bun.sleep(200);
  }
  return false;
}
