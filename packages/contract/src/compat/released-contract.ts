// The contract of the last release (packages/contract/compat/released-contract.json): what the deployed
// remotes were built against. Rewritten only by `bun run contract:check --accept`.
import { readFileSync, writeFileSync } from 'node:fs';
import type { ContractSnapshot } from './contract-snapshot.ts';

export const releasedContractFile = new URL('../../compat/released-contract.json', import.meta.url);

export const readReleasedContract = (): ContractSnapshot => JSON.parse(readFileSync(releasedContractFile, 'utf8')) as ContractSnapshot;

export function writeReleasedContract(snapshot: ContractSnapshot): void {
  writeFileSync(releasedContractFile, `${JSON.stringify(snapshot, null, 2)}\n`);
}
