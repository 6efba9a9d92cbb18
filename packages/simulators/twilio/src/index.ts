// @ringwise/twilio-simulator: the carrier simulator (simulator.ts) and the routes that serve it (routes.ts).
export { createTwilioSimulator, openTwilioSimulator, type SimulatorLogger, type TwilioSimulator, type TwilioSimulatorOptions } from './simulator.ts';
export { twilioSimulator } from './routes.ts';
export { numbersOnSale, numberTypes, type NumberType } from './catalogue.ts';
export { magicNumbers, type CodeOutcome } from './service.ts';
export type { VoiceTimers } from './voice/voice-simulator.ts';
