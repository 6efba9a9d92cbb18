import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { VerifiedCallerId } from '@ringwise/contract/numbers';
import { loadPhoneFormat } from '@ringwise/phone/display';
import { apiError, callerId, componentTestHooks, currentToast, json, renderWithProviders, sleep, user, waitUntil, type FetchCall } from '../../test-support.tsx';
import { statusPolling } from './caller-id-verification.ts';
import { CallerIdsDialog } from './caller-ids-dialog.tsx';

const office = callerId({ id: 'c1', phoneNumber: '+12025550123', friendlyName: 'Office' });
const pendingEntry = callerId({ id: 'c2', phoneNumber: '+447700900777', friendlyName: 'My mobile', verificationStatus: 'pending', validationCode: '530763' });

const { mockFetch } = componentTestHooks();
beforeAll(async () => {
  await loadPhoneFormat();
  statusPolling.intervalMs = 30;
});
afterAll(() => {
  statusPolling.intervalMs = 3000;
});

function serve(list: VerifiedCallerId[], other: (call: FetchCall) => Response | Promise<Response> | undefined = () => undefined) {
  let entries = list;
  const fetchMock = mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/verified-caller-ids') return json(entries);
    if (call.method === 'GET' && call.url === '/api/auth/user') return json(user());
    return other(call);
  });
  return {
    ...fetchMock,
    setList: (next: VerifiedCallerId[]) => {
      entries = next;
    },
    count: (method: string, url: string) => fetchMock.calls.filter((c) => c.method === method && c.url === url).length,
  };
}

const dialog = () => screen.getByRole('dialog', { name: 'Verified Caller IDs' });
const numberField = () => within(dialog()).getByLabelText('Phone Number') as HTMLInputElement;
const nameField = () => within(dialog()).getByLabelText('Friendly Name (Optional)') as HTMLInputElement;
const entries = () => [...document.querySelectorAll('ul[aria-label="Caller IDs"] > li')].map((li) => li.textContent ?? '');
const openDialog = () => renderWithProviders(<CallerIdsDialog open onOpenChange={() => {}} />);

describe('Verified Caller IDs modal', () => {
  test("the form: E.164 hint; an empty (or blank) number: 'Error' 'Please enter a phone number'", async () => {
    const { calls } = serve([office]);
    openDialog();
    expect(document.getElementById(numberField().getAttribute('aria-describedby')!)?.textContent).toBe('E.164 format, such as +1234567890');
    fireEvent.change(numberField(), { target: { value: '   ' } });
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Verify' })));
    expect(currentToast()).toEqual({ title: 'Error', description: 'Please enter a phone number', variant: 'destructive' });
    await sleep(10);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('entries with their status: Verified, Pending (with the code), other values as they are', async () => {
    serve([office, pendingEntry, callerId({ id: 'c3', phoneNumber: '+33612345678', verificationStatus: 'failed' })]);
    openDialog();
    await waitUntil(() => expect(entries().length).toBe(3));
    expect(entries()[0]).toContain('+1 (202) 555-0123');
    expect(entries()[0]).toContain('Verified');
    expect(entries()[0]).toContain('Office');
    expect(entries()[1]).toContain('Pending');
    expect(entries()[1]).toContain('530763');
    expect(entries()[2]).toContain('failed');
  });

  test('Verify: trimmed number and name sent, the server message toasted, the code shown; polled until verified, then stops', async () => {
    const statuses = ['pending', 'pending', 'verified'];
    let asked = 0;
    const fetchMock = serve([office], (call) => {
      if (call.method === 'POST' && call.url === '/api/verified-caller-ids/initiate') {
        return json({ entry: pendingEntry, message: 'We are calling +447700900777 now.', validationCode: '530763', phoneNumber: '+447700900777' }, 201);
      }
      if (call.method === 'POST' && call.url === '/api/verified-caller-ids/c2/check-status') {
        const verificationStatus = statuses[Math.min(asked++, statuses.length - 1)]!;
        return json({ verificationStatus, phoneNumber: '+447700900777' });
      }
      return undefined;
    });
    openDialog();
    await waitUntil(() => expect(entries().length).toBe(1));
    fireEvent.change(numberField(), { target: { value: '  +447700900777 ' } });
    fireEvent.change(nameField(), { target: { value: ' My mobile ' } });
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Verify' })));
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Verification Initiated', description: 'We are calling +44 7700 900777 now.', variant: 'success' })); // the api's E.164, shown as every number is
    expect(fetchMock.calls.filter((c) => c.url.endsWith('/initiate')).map((c) => c.body)).toEqual([{ phoneNumber: '+447700900777', friendlyName: 'My mobile' }]);
    expect(screen.getByTestId('validation-code').textContent).toBe('530763');
    expect(within(dialog()).getByRole('status').textContent).toContain('Answer the call to +44 7700 900777 and enter this code:');
    expect(numberField().value).toBe('');

    fetchMock.setList([pendingEntry, office].map((e) => (e.id === 'c2' ? { ...e, verificationStatus: 'verified', validationCode: null } : e)));
    const listReads = fetchMock.count('GET', '/api/verified-caller-ids');
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Phone Number Verified!', description: '+44 7700 900777 has been successfully verified', variant: 'success' }));
    expect(asked).toBe(3);
    expect(screen.queryByTestId('validation-code')).toBeNull();
    await waitUntil(() => expect(fetchMock.count('GET', '/api/verified-caller-ids')).toBeGreaterThan(listReads));
    await waitUntil(() => expect(entries()[0]).toContain('Verified'));
    // stopped
    await sleep(120);
    expect(asked).toBe(3);
  });

  test('status-check failures are only logged; polling goes on', async () => {
    const warn = spyOn(console, 'warn').mockImplementation(() => {});
    let asked = 0;
    serve([], (call) => {
      if (call.url.endsWith('/initiate')) return json({ entry: pendingEntry, message: 'Calling.', validationCode: '530763', phoneNumber: '+447700900777' }, 201);
      if (call.url.endsWith('/check-status')) {
        asked += 1;
        return asked < 3 ? apiError(502, 'bad_gateway', 'Provider down') : json({ verificationStatus: 'verified', phoneNumber: '+447700900777' });
      }
      return undefined;
    });
    openDialog();
    fireEvent.change(numberField(), { target: { value: '+447700900777' } });
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Verify' })));
    await waitUntil(() => expect(currentToast()?.title).toBe('Phone Number Verified!'));
    expect(warn.mock.calls.length).toBe(2);
    warn.mockRestore();
  });

  test("a refused verification: 'Verification Failed' with the server's message, else the fallback", async () => {
    let answer = () => apiError(400, 'validation_failed', 'Enter the number in E.164 format, such as +1234567890');
    serve([], (call) => (call.url.endsWith('/initiate') ? answer() : undefined));
    openDialog();
    fireEvent.change(numberField(), { target: { value: '0207' } });
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Verify' })));
    await waitUntil(() =>
      expect(currentToast()).toEqual({ title: 'Verification Failed', description: 'Enter the number in E.164 format, such as +1234567890', variant: 'destructive' }),
    );
    answer = () => new Response('', { status: 500 });
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Verify' })));
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Verification Failed', description: 'Failed to initiate verification', variant: 'destructive' }));
  });

  test("Remove asks 'Are you sure…'; confirmed: DELETE, 'Deleted'; refused: 'Delete Failed'", async () => {
    let fail = false;
    const { calls } = serve([office, pendingEntry], (call) =>
      call.method === 'DELETE' ? (fail ? apiError(404, 'not_found', 'That caller ID was not found.') : new Response(null, { status: 204 })) : undefined,
    );
    openDialog();
    await waitUntil(() => expect(entries().length).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove +1 (202) 555-0123' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Are you sure you want to remove this verified caller ID?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitUntil(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove +1 (202) 555-0123' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Deleted', description: 'Verified caller ID removed successfully', variant: 'success' }));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/verified-caller-ids/c1']);

    fail = true;
    await waitUntil(() => expect(screen.queryByRole('button', { name: 'Remove +44 7700 900777' })).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove +44 7700 900777' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitUntil(() => expect(currentToast()).toEqual({ title: 'Delete Failed', description: 'That caller ID was not found.', variant: 'destructive' }));
  });
});
