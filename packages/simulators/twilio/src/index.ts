// @ringwise/twilio-simulator: the carrier simulator (simulator.ts) and the routes that serve it (routes.ts).
export { createTwilioSimulator, openTwilioSimulator, type SimulatorLogger, type TwilioSimulator, type TwilioSimulatorOptions } from './simulator.ts';
export { twilioSimulator } from './routes.ts';
export { numbersOnSale, numberTypes, type NumberType } from './catalogue.ts';
export { magicNumbers } from './resources/incoming-numbers.ts';
export type { CodeOutcome } from './resources/caller-ids.ts';
export type { MediaReport, SignallingTiming, VoiceTimers } from './voice/voice-simulator.ts';
