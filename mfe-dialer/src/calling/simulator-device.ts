import type { CreateDevice } from './device.ts';

export const createSimulatorDevice: CreateDevice = () => { throw new Error('simulator device: not merged yet'); };
