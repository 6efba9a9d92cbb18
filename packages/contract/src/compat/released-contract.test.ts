// The unit tests CI runs fail on an incompatible contract change (issue #35), not only `bun run contract:check`.
import { expect, test } from 'bun:test';
import { contractChanges, contractSnapshot } from './contract-diff.ts';
import { readReleasedContract } from './released-contract.ts';

test('the contract has no change a remote built against the released one would break on (else: docs/shipping-a-remote.md)', () => {
  const incompatible = contractChanges(readReleasedContract(), contractSnapshot()).filter((change) => !change.compatible);
  expect(incompatible.map((change) => change.line)).toEqual([]);
});
