// Writes the call sounds (tones.ts) beside this script: `bun mfe-dialer/src/calling/sounds/write-sounds.ts`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { soundFiles } from './tones.ts';

for (const [name, bytes] of Object.entries(soundFiles())) writeFileSync(path.join(import.meta.dir, name), bytes);
