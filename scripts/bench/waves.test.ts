import { expect, test } from 'bun:test';
import { causeOf, wavesOf } from './waves.ts';

const doc = 'http://app/home';
const parser = (url: string) => ({ type: 'parser', url });
const script = (url: string, parent?: string) => ({
  type: 'script',
  // the top frame has no URL (the runtime's own code), the async parent names the script
  stack: { callFrames: [{ url: '' }], parent: { callFrames: [{ url }], ...(parent ? { parent: { callFrames: [{ url: parent }] } } : {}) } },
});

test('the cause is the referencing document, else the nearest script on the (async) stack', () => {
  expect(causeOf(parser(doc))).toBe(doc);
  expect(causeOf(script('http://app/main.js'))).toBe('http://app/main.js');
  expect(causeOf({ type: 'other' })).toBeNull();
});

test('each request is one wave after its cause; the document is wave 1', () => {
  const waves = wavesOf(doc, [
    { url: doc, initiator: { type: 'other' } },
    { url: 'http://app/remotes.json', initiator: parser(doc) },
    { url: 'http://app/main.js', initiator: parser(doc) },
    { url: 'http://app/vendor.js', initiator: script('http://app/main.js') },
    { url: 'http://app/api/auth/user', initiator: script('http://app/vendor.js') },
    { url: 'http://dialer/remoteEntry.js', initiator: script('http://app/vendor.js') },
    { url: 'http://dialer/app.js', initiator: script('http://dialer/remoteEntry.js') },
    // a request whose cause the page never requested counts as started by the document's code
    { url: 'http://app/late.js', initiator: script('http://elsewhere/x.js') },
  ]);
  expect(Object.fromEntries(waves)).toEqual({
    [doc]: 1,
    'http://app/remotes.json': 2,
    'http://app/main.js': 2,
    'http://app/vendor.js': 3,
    'http://app/api/auth/user': 4,
    'http://dialer/remoteEntry.js': 4,
    'http://dialer/app.js': 5,
    'http://app/late.js': 2,
  });
});
