// Loads the Voice SDK's device: this module, the SDK and the socket shim arrive by import() once the page is
// idle, never with the dialer's first chunks. Against the carrier simulator on an http page, the SDK's signalling
// socket opens as ws:// (signalling-socket.ts), which must be in place before the SDK's module is evaluated.
import type { CreateDevice, DeviceSetup } from './device.ts';
import { withSignallingSocket } from './signalling-socket.ts';

export function loadVoiceDevice({ chunderw }: DeviceSetup): Promise<CreateDevice> {
  return withSignallingSocket(chunderw, () => import('./twilio-device.ts').then((m) => m.createTwilioDevice));
}
