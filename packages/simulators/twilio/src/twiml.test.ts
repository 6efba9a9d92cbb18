import { describe, expect, test } from 'bun:test';
import twilio from 'twilio';
import { parseTwiml, TwimlError } from './twiml.ts';

describe('the TwiML reader', () => {
  test('reads what the SDK writes: <Dial> with its attributes and a <Number> with status callbacks', () => {
    const response = new twilio.twiml.VoiceResponse();
    response
      .dial({ callerId: '+12025550100', timeLimit: 3600, answerOnBridge: true, action: 'https://x.example/a?b=1&c=2' })
      .number({ statusCallback: 'https://x.example/s', statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'], statusCallbackMethod: 'POST' }, '+14155551234');
    expect(parseTwiml(response.toString())).toEqual([
      {
        verb: 'dial',
        callerId: '+12025550100',
        timeLimit: 3600,
        timeout: 30,
        answerOnBridge: true,
        action: 'https://x.example/a?b=1&c=2',
        method: 'POST',
        targets: [{ kind: 'number', address: '+14155551234', statusCallback: 'https://x.example/s', statusCallbackMethod: 'POST', statusCallbackEvents: ['initiated', 'ringing', 'answered', 'completed'] }],
      },
    ]);
  });

  test('<Say>, <Client>, <Hangup>, <Reject>, comments and entities', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><!-- hi --><Response><Say voice="alice">Hello &amp; bye&#33;</Say><Dial><Client>bob</Client></Dial><Reject reason="busy"/><Hangup/></Response>`;
    const verbs = parseTwiml(xml);
    expect(verbs[0]).toEqual({ verb: 'say', text: 'Hello & bye!' });
    expect(verbs[1]).toMatchObject({ verb: 'dial', targets: [{ kind: 'client', address: 'bob', statusCallbackEvents: ['completed'] }] });
    expect(verbs.slice(2)).toEqual([{ verb: 'reject', reason: 'busy' }, { verb: 'hangup' }]);
  });

  test('malformed XML is 12100, unknown verbs 12200', () => {
    for (const bad of ['', '<Response>', '<Response><Dial></Response>', '<Other/>', '<Response a=1/>', '<Response/>junk', '<Response>&nbsp;</Response>']) {
      expect(() => parseTwiml(bad)).toThrow(TwimlError);
      try {
        parseTwiml(bad);
      } catch (error) {
        expect((error as TwimlError).code).toBe(12100);
      }
    }
    expect(() => parseTwiml('<Response><Play>x</Play></Response>')).toThrow(expect.objectContaining({ code: 12200 }));
    expect(() => parseTwiml('<Response><Dial timeLimit="0">+1</Dial></Response>')).toThrow(expect.objectContaining({ code: 12200 }));
  });
});
