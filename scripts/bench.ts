// `bun run bench`: runs every `*.bench.ts` in the repository, one process each, and prints their numbers.
import { Glob } from 'bun';
import { repoRoot } from './runtime-env.ts';

const files: string[] = [];
for await (const file of new Glob('**/*.bench.ts').scan({ cwd: repoRoot })) {
  if (!file.includes('node_modules')) files.push(file);
}
files.sort();
let failed = 0;
for (const file of files) {
  console.log(`\n═══ ${file}`);
  const child = Bun.spawn(['bun', file], { cwd: repoRoot, stdio: ['inherit', 'inherit', 'inherit'] });
  if ((await child.exited) !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
