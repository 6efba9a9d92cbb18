// The database's E.164 rule (public.is_e164, which every phone number column's check uses: 20261202000300) and
// @ringwise/phone/notation's isE164 (the contract's E164 schema, every api check) give the same answer on the same
// texts: the edge cases of the rule and every length around its limits, on PGlite and, when it answers, the
// machine's PostgreSQL. supabase/tests/database/019-number-one-identity.test.sql holds the answers themselves.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { isE164, maxE164Digits } from '@ringwise/phone/notation';
import type { EngineDatabase } from '../../db/database.ts';
import { testEngines } from '../calls/testing.ts';

const edgeCases = [
  '+447700900123',
  '+12',
  '+1',
  '+',
  '',
  '+0123',
  '447700900123',
  '00447700900123',
  ' +447700900123',
  '+447700900123 ',
  '+447700900123\n',
  '\n+447700900123',
  '+44 7700 900123',
  '+44-7700-900123',
  '++447700900123',
  '+4477009001a3',
  '+١٢٣٤', // Arabic-Indic digits
  '+１２３４', // full-width digits
  '+²³',
  '+44\u00007700',
  '＋447700900123', // a full-width plus
];
// every length from none to two past the limit, with a first digit of 0, 1 and 9
const lengths = Array.from({ length: maxE164Digits + 3 }, (_, n) => n).flatMap((n) =>
  ['0', '1', '9'].map((first) => (n === 0 ? '+' : `+${first}${'5'.repeat(n - 1)}`)),
);
const texts = [...new Set([...edgeCases, ...lengths])];

for (const engine of await testEngines()) {
  describe.skipIf(!engine.available)(`public.is_e164 is isE164, on ${engine.name}`, () => {
    let db: EngineDatabase;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await engine.open());
    }, 60_000);
    afterAll(() => close?.());

    test('the same answer for every text, and both rules say yes to some and no to others', async () => {
      // a NUL cannot be sent as text to PostgreSQL: that text is isE164's alone (false) and never reaches a column
      const sendable = texts.filter((text) => !text.includes('\u0000'));
      const rows = await db.privileged((sql) =>
        sql.query<{ text: string; e164: boolean }>('select t.text, public.is_e164(t.text) as e164 from unnest($1::text[]) as t(text)', [sendable]),
      );
      const sqlRule = Object.fromEntries(rows.map((row) => [row.text, row.e164]));
      const jsRule = Object.fromEntries(sendable.map((text) => [text, isE164(text)]));
      expect(sqlRule).toEqual(jsRule);
      expect(Object.values(jsRule).filter(Boolean).length).toBeGreaterThan(10);
      expect(Object.values(jsRule).filter((yes) => !yes).length).toBeGreaterThan(10);
      expect(isE164('+44\u00007700')).toBe(false);
    });
  });
}
