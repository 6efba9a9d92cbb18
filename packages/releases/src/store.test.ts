import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseLivePointer } from './live.ts';
import { ReleaseError, ReleaseStore } from './store.ts';

let root: string;
let store: ReleaseStore;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'release-store-'));
  store = new ReleaseStore(path.join(root, 'releases'), 'dialer');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A build folder whose files say which build it is. */
function build(name: string): string {
  const dir = path.join(root, `build-${name}`);
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'ringwise_dialer', build: name }));
  writeFileSync(path.join(dir, `chunk.${name}.js`), `// ${name}`);
  writeFileSync(path.join(dir, 'server/ssr-manifest.json'), '{}');
  return dir;
}

const at = (minute: number) => new Date(Date.UTC(2026, 11, 2, 18, minute, 0));

describe('ReleaseStore', () => {
  test('a published release is a complete folder of its own and changes nothing live until switched to', () => {
    const a = store.publish(build('a'), { commit: '70f55f2', buildId: 'b-a', at: at(0) });
    expect(a.id).toBe('20261202T180000Z-70f55f2');
    expect(readFileSync(path.join(store.dir, a.id, 'chunk.a.js'), 'utf8')).toBe('// a');
    expect(existsSync(path.join(store.dir, a.id, 'server/ssr-manifest.json'))).toBe(true);
    expect(store.read()).toMatchObject({ live: null, history: [], releases: [a] });
    const pointer = store.switchTo(a.id, at(1));
    expect(pointer.live).toEqual({ ...a, since: at(1).toISOString() });
    // what the api reads is what was written, and nothing is left aside
    expect(parseLivePointer(JSON.parse(readFileSync(store.pointerPath, 'utf8')))).toEqual(pointer);
    expect(readdirSync(store.dir).filter((f) => f.includes('tmp') || f.includes('partial'))).toEqual([]);
  });

  test('two releases in one second get ids of their own', () => {
    const a = store.publish(build('a'), { commit: 'abc1234', buildId: '1', at: at(0) });
    const b = store.publish(build('b'), { commit: 'abc1234', buildId: '2', at: at(0) });
    expect(b.id).toBe(`${a.id}-2`);
  });

  test('a rollback returns to the release live before, then to the one before that, and says when there is none', () => {
    const ids = ['a', 'b', 'c'].map((name, i) => {
      const r = store.publish(build(name), { commit: `c${name}`, buildId: name, at: at(i) });
      store.switchTo(r.id, at(i));
      return r.id;
    });
    expect(store.read().history.map((r) => r.id)).toEqual([ids[1]!, ids[0]!]);
    expect(store.rollback(at(10)).live).toMatchObject({ id: ids[1], since: at(10).toISOString() });
    expect(store.rollback(at(11)).live?.id).toBe(ids[0]);
    expect(() => store.rollback(at(12))).toThrow('has no earlier release to roll back to');
    // the newer ones are still served, and can be switched to again
    expect(store.switchTo(ids[2]!, at(13)).live?.id).toBe(ids[2]);
  });

  test('a rollback to a release that was never live, or to an unknown one, is refused', () => {
    const a = store.publish(build('a'), { commit: 'a', buildId: 'a', at: at(0) });
    expect(() => store.rollback(at(1))).toThrow('has no live release to roll back');
    store.switchTo(a.id, at(1));
    expect(() => store.rollback(at(2), 'nope')).toThrow('nope was never live');
    expect(() => store.switchTo('20261202T000000Z-unknown')).toThrow(ReleaseError);
  });

  test('pruning keeps the newest N, and always the live one and the one a rollback needs', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'].map((name, i) => store.publish(build(name), { commit: name, buildId: name, at: at(i) }).id);
    store.switchTo(ids[0]!, at(6));
    store.switchTo(ids[1]!, at(7));
    expect(store.prune(2).sort()).toEqual([ids[2]!].sort());
    expect(store.read().releases.map((r) => r.id)).toEqual([ids[4]!, ids[3]!, ids[1]!, ids[0]!]);
    expect(existsSync(path.join(store.dir, ids[2]!))).toBe(false);
    expect(existsSync(path.join(store.dir, ids[0]!))).toBe(true);
    expect(store.rollback(at(8)).live?.id).toBe(ids[0]);
  });

  test('one change at a time: a second one while the first holds the lock is refused, and a crashed run\'s lock is taken over', () => {
    mkdirSync(path.join(store.dir, '.lock'), { recursive: true });
    expect(() => store.publish(build('a'), { commit: 'a', buildId: 'a' })).toThrow('another release or rollback of dialer is under way');
    const old = new Date(Date.now() - 120_000);
    utimesSync(path.join(store.dir, '.lock'), old, old);
    expect(store.publish(build('a'), { commit: 'a', buildId: 'a' }).id).toMatch(/-a$/);
    expect(existsSync(path.join(store.dir, '.lock'))).toBe(false);
  });
});
