import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto('http://localhost:3000' + (process.argv[2] ?? '/call/gb'));
await page.waitForTimeout(3000);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace('http://localhost:', '')}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
}
const byUrl = new Map();
for (const [k, v] of self) { const u = k.split(' ')[1].split(':').slice(0,2).join(':'); byUrl.set(u, (byUrl.get(u) ?? 0) + v); }
console.log('by script (ms):'); for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log('  ', (v / 1000).toFixed(0), k);
console.log('top functions (ms):'); for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log('  ', (v / 1000).toFixed(0), k.slice(0, 100));
await browser.close();
