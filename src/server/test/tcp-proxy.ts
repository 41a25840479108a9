import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on a free loopback port in front of a real server (PostgreSQL in the outage tests): the network between
 * the app and its database, where faults are made. `cut()` drops every connection and refuses new ones (the server
 * went away); `freeze()` keeps connections open but passes nothing on (a partition: nothing answers); `restore()`
 * ends either.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(upstream: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  // Unpiped, a socket holds what arrives (nothing is read past its buffer) until it is piped again.
  const connectPair = ([client, server]: [Socket, Socket]) => {
    client.pipe(server);
    server.pipe(client);
  };
  const disconnectPair = ([client, server]: [Socket, Socket]) => {
    client.unpipe(server);
    server.unpipe(client);
    client.pause();
    server.pause();
  };
  const onConnection = (client: Socket) => {
    const server = connect(upstream.port, upstream.host);
    const pair: [Socket, Socket] = [client, server];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
    if (!frozen) connectPair(pair);
  };
  let listener: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => {
        const address = listener.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const stopListening = () => new Promise<void>((resolve) => listener.close(() => resolve()));
  const forEachSocket = (action: (socket: Socket) => void) => {
    for (const pair of pairs) pair.forEach(action);
  };
  const forEachPair = (action: (pair: [Socket, Socket]) => void) => {
    for (const pair of pairs) action(pair);
  };
  return {
    port,
    async cut() {
      await Promise.all([stopListening(), Promise.resolve(forEachSocket((socket) => socket.destroy()))]);
    },
    freeze() {
      if (frozen) return;
      frozen = true;
      forEachPair(disconnectPair);
    },
    async restore() {
      if (frozen) forEachPair(connectPair);
      frozen = false;
      if (!listener.listening) {
        listener = createServer(onConnection);
        await listen(port);
      }
    },
    async close() {
      forEachSocket((socket) => socket.destroy());
      if (listener.listening) await stopListening();
    },
  };
}
