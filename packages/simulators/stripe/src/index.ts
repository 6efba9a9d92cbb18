// @ringwise/stripe-simulator: the payment simulator (simulator.ts) and the routes that serve it (routes.ts).
export { createStripeSimulator, openStripeSimulator, simulatorSecretKey, type SimulatorLogger, type StripeSimulator, type StripeSimulatorOptions } from './simulator.ts';
export { stripeSimulator } from './routes.ts';
export type { DeliveryLogger } from './delivery.ts';
