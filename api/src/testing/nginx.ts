// nginx (Debian's package) in front of api processes, as people run a load balancer in front of replicas: one
// origin (PUBLIC_URL) spread over the api processes, retried on the next one when a process is gone, WebSockets and
// X-Forwarded-For passed on; and, on a second port, the carrier simulator (its REST API and the Voice SDK's signalling
// WebSocket) as a provider sits behind its own edge. The configuration is the one docs/operating.md gives.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { freePort } from '@ringwise/simulator-common/processes';

export interface Nginx {
  /** The api processes' public origin, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** The carrier simulator's public origin through nginx (when one was given). */
  carrierOrigin: string | null;
  readonly pid: number;
  output(): string;
  stop(): Promise<void>;
}

export const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The http block of the configuration: `apis` are host:port of the api processes, `carrier` the simulator's. */
export function nginxHttpConfig(options: { listen: number; apis: string[]; carrier?: { listen: number; upstream: string } }): string {
  const proxied = `
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 3600s;
      proxy_send_timeout 3600s;`;
  return `
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream ringwise_api {
${options.apis.map((api) => `    server ${api} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
    # shorter than Bun's idle timeout (10 s): a connection the api closed is never reused for a POST nginx cannot retry
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${options.listen};
    client_max_body_size 3m;
    location / {
      proxy_pass http://ringwise_api;
      # a process that is gone (refused, reset) is skipped for the next one, for any request that did not reach it
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;${proxied}
    }
  }
${
  options.carrier
    ? `  server {
    listen 127.0.0.1:${options.carrier.listen};
    location / {
      proxy_pass http://${options.carrier.upstream};${proxied}
    }
  }`
    : ''
}`;
}

/**
 * Starts nginx (in the foreground, its own prefix folder) on `listen` (and `carrierListen` for the carrier) and
 * resolves once it answers. Start it once the api processes answer: nginx counts an upstream that refused a probe as
 * down for 5 s (max_fails), which would make its first requests 502.
 */
export async function startNginx(options: { apis: string[]; listen?: number; carrier?: { upstream: string; listen?: number } }): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'ringwise-nginx-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
  const listen = options.listen ?? freePort();
  const carrierListen = options.carrier ? (options.carrier.listen ?? freePort()) : null;
  const http = nginxHttpConfig({
    listen,
    apis: options.apis.map((origin) => new URL(origin).host),
    ...(options.carrier && carrierListen ? { carrier: { listen: carrierListen, upstream: new URL(options.carrier.upstream).host } } : {}),
  });
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
${http}
}
`,
  );
  const lines: string[] = [];
  const child: Subprocess = Bun.spawn([nginxBinary, '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdout: 'pipe', stderr: 'pipe' });
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr as ReadableStream<Uint8Array>) lines.push(`[nginx] ${decoder.decode(chunk)}`);
  })();
  const origin = `http://127.0.0.1:${listen}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${lines.join('')}`);
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) break;
    if (attempt > 100) throw new Error(`nginx did not start:\n${lines.join('')}`);
    await Bun.sleep(50);
  }
  return {
    origin,
    carrierOrigin: carrierListen ? `http://127.0.0.1:${carrierListen}` : null,
    pid: child.pid,
    output: () => lines.join(''),
    async stop() {
      child.kill('SIGQUIT');
      await child.exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
