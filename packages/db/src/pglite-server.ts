import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST_CODE = 80_877_103;
const PROTOCOL_3 = 196_608;
/** Parse, Bind, Describe, Execute, Close, Flush: an extended-protocol batch goes on until its Sync. */
const BATCH_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((type) => type.charCodeAt(0)));
const TERMINATE = 'X'.charCodeAt(0);
const SYNC = new Uint8Array(['S'.charCodeAt(0), 0, 0, 0, 4]);

export interface PGliteServerOptions {
  db: PGlite;
  /** The Unix socket's path. */
  path: string;
  maxConnections: number;
  /**
   * The statements that make the one shared session right for a connection that logged in as `user`
   * (e.g. its role and search path), run whenever the session last served another user's connection;
   * null leaves the session as it is.
   */
  sessionFor?: (user: string) => string | null;
}

export interface PGliteServer {
  stop(): Promise<void>;
}

interface Connection {
  socket: Socket;
  /** The startup packet's user; '' before it. */
  user: string;
  buffer: Buffer;
  started: boolean;
  /** Its messages reach the queue one after another, in the order they came. */
  chain: Promise<void>;
  closed: boolean;
}

interface Item {
  connection: Connection;
  /** A protocol message for PGlite, or null: the connection closed (its transaction, if any, is rolled back). */
  message: Uint8Array | null;
  startup: boolean;
  done: () => void;
}

/**
 * Serves one PGlite on a Unix socket to many connections. PGlite is one Postgres backend with one
 * session: statements of all connections run one at a time, and while a connection is inside a
 * transaction or an extended-protocol batch (up to its Sync) only its own messages run. The session's
 * settings are shared too, so when several users (apps) share the database, each user's session
 * settings are put back (`sessionFor`) before its statements whenever another user's ran last.
 */
export async function servePGlite(options: PGliteServerOptions): Promise<PGliteServer> {
  const { db } = options;
  const items: Item[] = [];
  const connections = new Set<Connection>();
  /** The connection in a transaction or a batch: only its messages may run. */
  let owner: Connection | null = null;
  /** Whose settings the session has now; null: unknown (after a startup packet). */
  let sessionUser: string | null = null;
  let pumping = false;

  async function execute(item: Item): Promise<void> {
    const { connection, message } = item;
    if (message === null) {
      if (owner === connection) {
        // A batch cut short ends with its Sync (after an error Postgres ignores everything until one), then its transaction goes.
        await db.runExclusive(() => db.execProtocolRawStream(SYNC, { onRawData: () => {} }));
        if (db.isInTransaction()) await db.exec('ROLLBACK');
        owner = null;
      }
      return;
    }
    if (connection.closed) return;
    if (!item.startup && options.sessionFor && sessionUser !== connection.user) {
      const setup = options.sessionFor(connection.user);
      if (setup) await db.exec(setup);
      sessionUser = connection.user;
    }
    await db.runExclusive(() =>
      db.execProtocolRawStream(message, {
        onRawData: (data) => {
          if (!connection.closed && data.length > 0) connection.socket.write(Buffer.from(data));
        },
      }),
    );
    if (item.startup) sessionUser = null;
    owner = db.isInTransaction() || BATCH_MESSAGES.has(message[0] ?? 0) ? connection : null;
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      for (;;) {
        const index = owner ? items.findIndex((item) => item.connection === owner) : 0;
        const item = index >= 0 ? items.splice(index, 1)[0] : undefined;
        if (!item) break;
        try {
          await execute(item);
        } catch {
          // PGlite reports SQL errors in the protocol; a throw means the connection cannot go on.
          item.connection.socket.destroy();
        } finally {
          item.done();
        }
      }
    } finally {
      pumping = false;
    }
  }

  function enqueue(connection: Connection, message: Uint8Array | null, startup = false): Promise<void> {
    return new Promise<void>((resolve) => {
      items.push({ connection, message, startup, done: resolve });
      void pump();
    });
  }

  /** The complete messages at the front of the buffer, after answering or dropping what PGlite must not see. */
  function takeMessages(connection: Connection): Array<{ message: Buffer; startup: boolean }> {
    const messages: Array<{ message: Buffer; startup: boolean }> = [];
    for (;;) {
      const { buffer } = connection;
      if (!connection.started) {
        if (buffer.length < 8) break;
        const length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (buffer.length < length) break;
        connection.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST_CODE) {
          connection.socket.write('N');
        } else if (code === PROTOCOL_3) {
          connection.started = true;
          connection.user = startupUser(buffer.subarray(8, length));
          messages.push({ message: buffer.subarray(0, length), startup: true });
        } else {
          // A CancelRequest (PGlite has no backend to signal) or an unknown protocol.
          connection.socket.destroy();
          break;
        }
      } else {
        if (buffer.length < 5) break;
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) break;
        connection.buffer = buffer.subarray(length);
        if (buffer[0] === TERMINATE) {
          connection.socket.end();
          break;
        }
        messages.push({ message: buffer.subarray(0, length), startup: false });
      }
    }
    return messages;
  }

  function close(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    for (let index = items.length - 1; index >= 0; index -= 1) {
      const item = items[index];
      if (item?.connection === connection) {
        items.splice(index, 1);
        item.done();
      }
    }
    void enqueue(connection, null);
  }

  const server: Server = createServer((socket) => {
    if (connections.size >= options.maxConnections) {
      socket.end('Too many connections\n');
      return;
    }
    const connection: Connection = { socket, user: '', buffer: Buffer.alloc(0), started: false, chain: Promise.resolve(), closed: false };
    connections.add(connection);
    socket.setNoDelay(true);
    socket.on('data', (data) => {
      connection.buffer = connection.buffer.length === 0 ? data : Buffer.concat([connection.buffer, data]);
      for (const { message, startup } of takeMessages(connection)) {
        // A copy: the socket's buffer is reused once this handler returns.
        const copy = new Uint8Array(message);
        connection.chain = connection.chain.then(() => enqueue(connection, copy, startup));
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => close(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.path, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of [...connections]) connection.socket.destroy();
      await closed;
      // Whatever was under way (a rollback of a closed connection's transaction) ends before PGlite closes.
      while (pumping || items.length > 0) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** The `user` parameter of a startup packet's `name\0value\0…\0` list. */
function startupUser(parameters: Buffer): string {
  const fields = parameters.toString('utf8').split('\0');
  for (let index = 0; index + 1 < fields.length; index += 2) {
    if (fields[index] === 'user') return fields[index + 1] ?? '';
  }
  return '';
}
