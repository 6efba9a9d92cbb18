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
    expect(() => parseTwiml('<Response><Gather/></Response>')).toThrow(expect.objectContaining({ code: 12200 }));
    expect(() => parseTwiml('<Response><Dial timeLimit="0">+1</Dial></Response>')).toThrow(expect.objectContaining({ code: 12200 }));
  });

  test('<Record> and <Play> as the SDK writes them, with Twilio\'s defaults', () => {
    const response = new twilio.twiml.VoiceResponse();
    response.play('https://x.example/greeting.wav');
    response.record({
      action: 'https://x.example/done?v=1',
      maxLength: 120,
      playBeep: true,
      recordingStatusCallback: 'https://x.example/rec',
      recordingStatusCallbackEvent: ['in-progress', 'completed'],
      recordingStatusCallbackMethod: 'POST',
      finishOnKey: '#',
      timeout: 0,
      trim: 'do-not-trim',
    });
    response.record();
    expect(parseTwiml(response.toString())).toEqual([
      { verb: 'play', url: 'https://x.example/greeting.wav', loop: 1 },
      {
        verb: 'record',
        action: 'https://x.example/done?v=1',
        method: 'POST',
        timeout: 0,
        finishOnKey: '#',
        maxLength: 120,
        playBeep: true,
        trim: 'do-not-trim',
        recordingStatusCallback: 'https://x.example/rec',
        recordingStatusCallbackMethod: 'POST',
        recordingStatusCallbackEvents: ['in-progress', 'completed'],
      },
      {
        verb: 'record',
        action: null,
        method: 'POST',
        timeout: 5,
        finishOnKey: '1234567890*#',
        maxLength: 3600,
        playBeep: true,
        trim: 'trim-silence',
        recordingStatusCallback: null,
        recordingStatusCallbackMethod: 'POST',
        recordingStatusCallbackEvents: ['completed'],
      },
    ]);
    for (const bad of ['<Record maxLength="0"/>', '<Record maxLength="20000"/>', '<Record finishOnKey="a"/>', '<Record trim="x"/>', '<Record playBeep="yes"/>', '<Record recordingStatusCallbackEvent="done"/>', '<Play loop="-1">u</Play>']) {
      expect(() => parseTwiml(`<Response>${bad}</Response>`)).toThrow(expect.objectContaining({ code: 12200 }));
    }
    expect(() => parseTwiml('<Response><Play/></Response>')).toThrow(expect.objectContaining({ code: 12100 }));
  });
});
