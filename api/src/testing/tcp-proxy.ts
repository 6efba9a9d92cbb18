// A TCP proxy for tests of what crosses the network: between the api and PostgreSQL it stands in for a database
// server that restarts (every connection cut at once) or cannot be reached for a while (new connections refused),
// without touching the machine's PostgreSQL that other tests use.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections passing through now. */
  open(): number;
  /** Ends every connection at once, as a crashing or restarting server does. */
  cut(): void;
  /** While true, new connections are closed as soon as they arrive. */
  refuse(refusing: boolean): void;
  stop(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    open: () => sockets.size,
    cut() {
      for (const socket of sockets) socket.destroy();
    },
    refuse(value) {
      refusing = value;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
