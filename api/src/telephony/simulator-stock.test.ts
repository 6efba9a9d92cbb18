// The carrier simulator keeps its own catalogue of numbers (a carrier's, not Ringwise's price list): without Twilio,
// every kind of number Ringwise sells must still be on sale there, or it could not be bought.
import { expect, test } from 'bun:test';
import { numbersOnSale } from '@ringwise/twilio-simulator';
import { monthlyPrices } from '../modules/numbers/prices.ts';

test('the carrier simulator stocks every kind of number the price table sells', () => {
  const priced = Object.entries(monthlyPrices).flatMap(([country, prices]) => Object.keys(prices).map((type) => `${country} ${type}`));
  const stocked = Object.entries(numbersOnSale).flatMap(([country, types]) => types.map((type) => `${country} ${type}`));
  expect(stocked).toEqual(expect.arrayContaining(priced));
});
