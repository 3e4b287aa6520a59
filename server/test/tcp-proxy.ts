import net from 'node:net';

/** A TCP forwarder that a test can cut and restore, to simulate a database outage without touching the server. */
export async function startTcpProxy(target: { host: string; port: number }, port = 0) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let listenPort = port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const close = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', close).on('close', close);
        upstream.on('error', close).on('close', close);
      });
      server.once('error', reject);
      server.listen(listenPort, '127.0.0.1', () => {
        listenPort = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return listenPort;
    },
    /** Drops every connection and stops accepting new ones. */
    async cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
