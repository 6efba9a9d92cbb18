// A remote's releases on its origin's disk (the folder its server or CDN serves as `releases/`): one folder per
// release, complete before anything names it (copied aside, then renamed), and the pointer live.json, replaced whole
// (written aside, then renamed), so a reader sees the old pointer or the new one, never half of either. One change at a
// time (a lock folder); the newest `keep` releases stay served, and never the live one or the one a rollback needs.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { livePointerFile, parseLivePointer, type LivePointer, type ReleaseRecord } from './live.ts';

const staleLockMs = 60_000;

export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
}

/** `20261202T183005Z` */
const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

export class ReleaseStore {
  constructor(
    /** The remote's releases folder (served as `<remote URL>/releases/`). */
    readonly dir: string,
    readonly remote: string,
  ) {}

  get pointerPath(): string {
    return path.join(this.dir, livePointerFile);
  }

  read(): LivePointer {
    if (!existsSync(this.pointerPath)) return { remote: this.remote, live: null, history: [], releases: [] };
    return parseLivePointer(JSON.parse(readFileSync(this.pointerPath, 'utf8')));
  }

  private write(pointer: LivePointer): void {
    const aside = `${this.pointerPath}.${process.pid}.tmp`;
    writeFileSync(aside, `${JSON.stringify(pointer, null, 2)}\n`);
    renameSync(aside, this.pointerPath);
  }

  /** Runs `change` holding the store's lock; a lock older than a minute is a crashed run's and is taken over. */
  withLock<T>(change: () => T): T {
    mkdirSync(this.dir, { recursive: true });
    const lock = path.join(this.dir, '.lock');
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() - statSync(lock).mtimeMs < staleLockMs) throw new ReleaseError(`another release or rollback of ${this.remote} is under way (${lock})`);
      rmSync(lock, { recursive: true, force: true });
      mkdirSync(lock);
    }
    try {
      return change();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }

  /** Copies a build into a new release folder; what is live does not change. */
  publish(buildDir: string, { commit, buildId, at = new Date() }: { commit: string; buildId: string; at?: Date }): ReleaseRecord {
    return this.withLock(() => {
      const base = `${stamp(at)}-${commit.replace(/[^0-9a-z]/gi, '').toLowerCase().slice(0, 40) || 'unknown'}`;
      let id = base;
      for (let n = 2; existsSync(path.join(this.dir, id)); n++) id = `${base}-${n}`;
      const aside = path.join(this.dir, `.${id}.partial`);
      rmSync(aside, { recursive: true, force: true });
      cpSync(buildDir, aside, { recursive: true });
      renameSync(aside, path.join(this.dir, id));
      const record: ReleaseRecord = { id, publishedAt: at.toISOString(), commit, buildId };
      const pointer = this.read();
      this.write({ ...pointer, releases: [record, ...pointer.releases] });
      return record;
    });
  }

  /** Makes a published release the live one; the one live before becomes what a rollback returns to. */
  switchTo(id: string, at = new Date()): LivePointer {
    return this.withLock(() => {
      const pointer = this.read();
      const record = pointer.releases.find((r) => r.id === id);
      if (!record || !existsSync(path.join(this.dir, id))) throw new ReleaseError(`${this.remote} has no release ${id}`);
      const next: LivePointer = {
        ...pointer,
        live: { ...record, since: at.toISOString() },
        history: pointer.live ? [pointer.live, ...pointer.history] : pointer.history,
      };
      this.write(next);
      return next;
    });
  }

  /** Goes back to the release live before the current one (or to `to`, one of those before). */
  rollback(at = new Date(), to?: string): LivePointer {
    return this.withLock(() => {
      const pointer = this.read();
      if (!pointer.live) throw new ReleaseError(`${this.remote} has no live release to roll back`);
      const index = to === undefined ? 0 : pointer.history.findIndex((r) => r.id === to);
      const target = pointer.history[index];
      if (!target) throw new ReleaseError(to === undefined ? `${this.remote} has no earlier release to roll back to` : `${to} was never live for ${this.remote}`);
      if (!existsSync(path.join(this.dir, target.id))) throw new ReleaseError(`${target.id} of ${this.remote} is no longer kept`);
      const next: LivePointer = { ...pointer, live: { ...target, since: at.toISOString() }, history: pointer.history.slice(index + 1) };
      this.write(next);
      return next;
    });
  }

  /** Removes the releases beyond the newest `keep` (never the live one or the one a rollback returns to); the removed ids. */
  prune(keep: number): string[] {
    return this.withLock(() => {
      const pointer = this.read();
      const needed = new Set([pointer.live?.id, pointer.history[0]?.id].filter((id): id is string => id !== undefined));
      const kept = pointer.releases.filter((r, i) => i < keep || needed.has(r.id));
      const removed = pointer.releases.filter((r) => !kept.includes(r));
      const keptIds = new Set(kept.map((r) => r.id));
      // the pointer first: nothing names a folder once it is being removed
      this.write({ ...pointer, releases: kept, history: pointer.history.filter((r) => keptIds.has(r.id)) });
      for (const r of removed) rmSync(path.join(this.dir, r.id), { recursive: true, force: true });
      // and what a crashed publish left aside
      for (const name of readdirSync(this.dir)) if (name.endsWith('.partial')) rmSync(path.join(this.dir, name), { recursive: true, force: true });
      return removed.map((r) => r.id);
    });
  }
}
