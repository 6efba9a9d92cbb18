// Child processes that stop together: Ctrl-C (or SIGTERM) ends every one of them, then this process.
import type { Subprocess } from 'bun';

const children = new Set<Subprocess>();

export function spawnChild(cmd: string[], options: { env?: Record<string, string | undefined>; cwd?: string } = {}) {
  const child = Bun.spawn(cmd, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['inherit', 'inherit', 'inherit'],
  });
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}

export function stopAll(code = 0): never {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

export function stopOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stopAll(0));
  process.on('exit', () => {
    for (const child of children) child.kill('SIGTERM');
  });
}

export const rspackBin = ['node', 'node_modules/@rspack/cli/bin/rspack.js'];
