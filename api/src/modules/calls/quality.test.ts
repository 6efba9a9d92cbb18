// PATCH /api/calls/{id}/quality on PGlite and PostgreSQL, through the app: the owner's call only, kept on the
// record and shown with the call, each summary added to the last (the lower MOS, every warning once, at most 10).
import { describe, expect, test } from 'bun:test';
import type { EngineDatabase } from '../../db/database.ts';
import { type CallsTestApp, callsTestAppFor, newSid, testEngines } from './testing.ts';

for (const engine of await testEngines()) {
  describe.skipIf(!engine.available)(`a call's quality, on ${engine.name}`, () => {
    let db: EngineDatabase;
    let t: CallsTestApp;
    callsTestAppFor(engine, (opened) => ({ db, t } = opened));

    const send = (token: string, callId: string, body: unknown) => t.call('PATCH', `/api/calls/${callId}/quality`, token, body);
    const listed = async (token: string) => ((await (await t.call('GET', '/api/calls', token)).json()) as { items: Array<{ id: string; quality?: unknown }> }).items;

    test('kept on the call and shown with it; each summary adds to the last', async () => {
      const owner = await t.signUpWithBalance('quality', '5.00');
      const { callId } = await t.started(owner.token);
      expect((await listed(owner.token))[0]).toMatchObject({ id: callId, quality: null });

      expect((await send(owner.token, callId, { worstMos: 3.14159, warnings: ['high-packet-loss'] })).status).toBe(204);
      expect((await listed(owner.token))[0]!.quality).toEqual({ worstMos: 3.14, warnings: ['high-packet-loss'] });

      // a later summary (after a reload, the device's new call object) neither raises the MOS nor drops a warning
      expect((await send(owner.token, callId, { worstMos: 4.2, warnings: ['high-rtt', 'high-packet-loss'] })).status).toBe(204);
      expect((await listed(owner.token))[0]!.quality).toEqual({ worstMos: 3.14, warnings: ['high-packet-loss', 'high-rtt'] });
      expect((await send(owner.token, callId, { worstMos: null, warnings: [] })).status).toBe(204);
      expect((await listed(owner.token))[0]!.quality).toEqual({ worstMos: 3.14, warnings: ['high-packet-loss', 'high-rtt'] });

      // at most 10, the first ones kept
      const many = Array.from({ length: 10 }, (_, i) => `warning-${i}`);
      expect((await send(owner.token, callId, { worstMos: 1.5, warnings: many })).status).toBe(204);
      expect((await listed(owner.token))[0]!.quality).toEqual({ worstMos: 1.5, warnings: ['high-packet-loss', 'high-rtt', ...many.slice(0, 8)] });
    });

    test('a summary with no sample yet, and one sent after the call ended', async () => {
      const owner = await t.signUpWithBalance('quality', '5.00');
      const { callId } = await t.started(owner.token);
      for (const send of t.legCallbacks(callId, newSid(), 0, 'busy')) expect((await send()).status).toBe(204);
      expect((await send(owner.token, callId, { worstMos: null, warnings: ['constant-audio-input-level'] })).status).toBe(204);
      expect((await listed(owner.token))[0]!.quality).toEqual({ worstMos: null, warnings: ['constant-audio-input-level'] });
    });

    test('only for the owner\'s call, and only what the Voice SDK could have said', async () => {
      const owner = await t.signUpWithBalance('quality', '5.00');
      const other = await t.signUpWithBalance('quality', '0.00');
      const { callId } = await t.started(owner.token);
      const fine = { worstMos: 4, warnings: [] };
      expect((await send(other.token, callId, fine)).status).toBe(404);
      expect((await send(owner.token, 'not-a-call', fine)).status).toBe(404);
      expect((await send(owner.token, crypto.randomUUID(), fine)).status).toBe(404);
      for (const body of [
        { worstMos: 5.01, warnings: [] },
        { worstMos: -1, warnings: [] },
        { worstMos: '4', warnings: [] },
        { worstMos: 4, warnings: Array.from({ length: 11 }, (_, i) => `w${i}`) },
        { worstMos: 4, warnings: ['high-rtt', 'high-rtt'] },
        { worstMos: 4, warnings: ['x'.repeat(41)] },
        { worstMos: 4, warnings: [''] },
        { worstMos: 4 },
      ]) {
        const refused = await send(owner.token, callId, body);
        expect({ body, status: refused.status }).toEqual({ body, status: 400 });
      }
      const [row] = await db.privileged((sql) => sql.query('select quality_worst_mos, quality_warnings from public.calls where id = $1', [callId]));
      expect(row).toEqual({ quality_worst_mos: null, quality_warnings: null });
    });
  });
}
