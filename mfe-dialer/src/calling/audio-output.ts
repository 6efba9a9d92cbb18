// The speaker toggle's choice of audio output (the SDK's device.audio.speakerDevices): 'Speaker On' plays the call
// through a loudspeaker when the browser lists one, else through any output other than the default; 'Speaker Off'
// goes back to the default output.

/** Chrome's pseudo-outputs, which follow the system's choice: not a device of their own. */
const followsSystem = new Set(['default', 'communications']);

export const defaultOutput = 'default';

/** The output 'Speaker On' switches to, or null when there is none but the default. */
export function speakerOutputOf(outputs: Iterable<Pick<MediaDeviceInfo, 'deviceId' | 'label'>>): string | null {
  const devices = [...outputs].filter((output) => !followsSystem.has(output.deviceId));
  return (devices.find((output) => /speaker/i.test(output.label)) ?? devices[0])?.deviceId ?? null;
}
