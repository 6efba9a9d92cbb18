import { describe, expect, test } from 'bun:test';
import { clientAddress } from './client-address.ts';

const server = { requestIP: () => ({ address: '10.0.0.9' }) };
const request = (forwardedFor?: string) =>
  new Request('http://localhost/auth/v1/token', forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } });

describe('clientAddress', () => {
  test('with no trusted proxy the header is ignored: a client cannot pick its own key', () => {
    expect(clientAddress(request('203.0.113.7'), server, 0)).toBe('10.0.0.9');
    expect(clientAddress(request(), server, 0)).toBe('10.0.0.9');
  });

  test('one trusted proxy: the address it appended (the last), never what the client wrote before it', () => {
    expect(clientAddress(request('198.51.100.1'), server, 1)).toBe('198.51.100.1');
    expect(clientAddress(request('6.6.6.6, 198.51.100.1'), server, 1)).toBe('198.51.100.1');
    expect(clientAddress(request('6.6.6.6,7.7.7.7 , 198.51.100.1'), server, 1)).toBe('198.51.100.1');
  });

  test('two trusted proxies: the second entry from the right', () => {
    expect(clientAddress(request('6.6.6.6, 198.51.100.1, 10.1.1.1'), server, 2)).toBe('198.51.100.1');
    expect(clientAddress(request('2001:db8::1, 10.1.1.1'), server, 2)).toBe('2001:db8::1');
  });

  test('a header that cannot have come through the trusted proxies falls back to the connection', () => {
    expect(clientAddress(request(), server, 1)).toBe('10.0.0.9');
    expect(clientAddress(request('198.51.100.1'), server, 2)).toBe('10.0.0.9');
    expect(clientAddress(request('not-an-address'), server, 1)).toBe('10.0.0.9');
    expect(clientAddress(request(''), server, 1)).toBe('10.0.0.9');
  });

  test('no server (in-process requests in tests): null unless a trusted hop says', () => {
    expect(clientAddress(request('6.6.6.6'), null, 0)).toBeNull();
    expect(clientAddress(request('198.51.100.1'), null, 1)).toBe('198.51.100.1');
  });
});
