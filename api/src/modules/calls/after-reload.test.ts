// After a reload the page has no call object: GET /api/calls/current finds the user's call still under way. On
// PGlite and PostgreSQL, through the app.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { EngineDatabase } from '../../db/database.ts';
import { callsTestApp, newSid, testEngines, type CallsTestApp } from './testing.ts';

for (const engine of await testEngines()) {
  describe.skipIf(!engine.available)(`a call the page lost, on ${engine.name}`, () => {
    let db: EngineDatabase;
    let close: () => Promise<void>;
    let t: CallsTestApp;

    beforeAll(async () => {
      ({ db, close } = await engine.open());
      t = await callsTestApp(db);
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await close?.();
    });

    const user = () => t.signUpWithBalance('reload', '5.00');
    const current = async (token: string) => (await t.call('GET', '/api/calls/current', token)).json() as Promise<{ id: string; status: string } | null>;

    /** A call the browser placed: the carrier asked the voice webhook (linking its SID), and the dialled leg answered. */
    async function answeredCall(owner: { token: string; id: string }) {
      const { callId } = await t.started(owner.token);
      const parent = newSid();
      const voice = await t.webhook('/webhooks/twilio/voice', { CallSid: parent, From: `client:${owner.id}`, To: '', callId });
      expect(await voice.text()).toContain('<Dial');
      const leg = newSid();
      const callbacks = t.legCallbacks(callId, leg, 61);
      for (const send of callbacks.slice(0, 3)) expect((await send()).status).toBe(204);
      return { callId, parent, leg, completed: callbacks[3]! };
    }

    test('the current call: none, then the one under way, then none once it ended', async () => {
      const owner = await user();
      const none = await t.call('GET', '/api/calls/current', owner.token);
      expect([none.status, none.headers.get('content-type'), await none.text()]).toEqual([200, expect.stringContaining('application/json'), 'null']);
      const { callId, completed } = await answeredCall(owner);
      expect(await current(owner.token)).toMatchObject({ id: callId, status: 'in-progress', destinationNumber: '+447400123456' });
      expect(await current((await user()).token)).toBeNull();
      await completed();
      expect(await current(owner.token)).toBeNull();
    });
  });
}
