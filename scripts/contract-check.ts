// `bun run contract:check`: the contract's changes since the last release (issue #35). Remotes and the api
// deploy apart, so a remote built against the released contract must keep working with the api of this one.
// Prints the compatible changes; exits 1 on any incompatible one. `--accept` makes the current contract the
// released one: when a release ships, or for a breaking change shipped with the shell and every remote at once.
import { contractChanges, contractSnapshot } from '@ringwise/contract/compat';
import { readReleasedContract, writeReleasedContract } from '@ringwise/contract/compat/released';

const current = contractSnapshot();

if (process.argv.includes('--accept')) {
  writeReleasedContract(current);
  console.log('contract:check: packages/contract/compat/released-contract.json is now the current contract.');
} else {
  const changes = contractChanges(readReleasedContract(), current);
  const compatible = changes.filter((change) => change.compatible);
  const incompatible = changes.filter((change) => !change.compatible);
  if (changes.length === 0) console.log('contract:check: no change since the released contract.');
  if (compatible.length > 0) console.log(`Compatible changes since the released contract:\n${compatible.map((change) => `  ${change.line}`).join('\n')}`);
  if (incompatible.length > 0) {
    console.error(
      [
        `Incompatible changes since the released contract (a remote and the api deployed apart would break):`,
        ...incompatible.map((change) => `  ${change.line}`),
        '',
        'Make the change compatible (see docs/shipping-a-remote.md, "What the contract lets change"), or, if it must',
        'break, ship the api, the shell and every remote together and run `bun run contract:check --accept`.',
      ].join('\n'),
    );
    process.exitCode = 1;
  }
}
