// The unit tests CI runs fail on an incompatible contract change (issue #35), not only `bun run contract:check`.
import { expect, test } from 'bun:test';
import { contractChanges, contractSnapshot } from './contract-diff.ts';
import { readReleasedContract } from './released-contract.ts';

test('the contract has no change a remote built against the released one would break on (else: docs/shipping-a-remote.md)', () => {
  const incompatible = contractChanges(readReleasedContract(), contractSnapshot()).filter((change) => !change.compatible);
  expect(incompatible.map((change) => change.line)).toEqual([]);
});

test('every response object says whether it takes more properties: elysia fills in false where it is left out, in place, so the snapshot would differ once the api is loaded', () => {
  const unsaid = Object.entries(contractSnapshot()).flatMap(([name, route]) =>
    Object.entries(route.response)
      .filter(([, schema]) => schema.type === 'object' && !('additionalProperties' in schema))
      .map(([status]) => `${name} ${status}`),
  );
  expect(unsaid).toEqual([]);
});
