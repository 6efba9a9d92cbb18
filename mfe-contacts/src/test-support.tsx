// Test helpers (not shipped): contact fixtures, and the shared component-test helpers with this remote's page.
import type { ReactElement } from 'react';
import type { Contact } from '@ringwise/contract/contacts';
import { renderWithProviders as renderAt } from '@ringwise/test-support';

export { apiError, componentTestHooks, currentToast, deferred, json, sleep, waitUntil, type FetchCall } from '@ringwise/test-support';

export function contact(overrides: Partial<Contact> & Pick<Contact, 'id' | 'displayName' | 'primaryNumber'>): Contact {
  return {
    countryCode: null,
    email: null,
    notes: null,
    favorite: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Renders `ui` the way the shell does, at /home/contacts unless told otherwise. */
export function renderWithProviders(ui: ReactElement, { path = '/home/contacts' }: { path?: string } = {}) {
  return renderAt(ui, { path });
}
