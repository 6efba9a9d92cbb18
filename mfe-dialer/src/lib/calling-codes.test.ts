import { expect, test } from 'bun:test';
import { trunkPrefixOf } from '@ringwise/phone';
import { dialerCallingCodes } from './calling-codes.ts';

test("each code's trunk prefix is its region's, as @ringwise/phone reads it from the numbering metadata", () => {
  for (const { code, region, trunkPrefix } of dialerCallingCodes) expect([code, trunkPrefix]).toEqual([code, trunkPrefixOf(region)]);
});
