/**
 * The "raw SQL" baseline of the service benches: the statements a request ran, recorded from the service's own
 * pool, then run again on that pool without the service (no routing, validation, figures nor serialisation).
 * The replay keeps the request's shape: statements of one connection stay on one connection in their order (a
 * transaction stays a transaction), and a statement waits only for those that had ended when it was first sent,
 * so what the service ran at once runs at once again.
 */
import type { Pool, PoolClient } from '@ams/db';

interface Statement {
  text: string;
  values: unknown[] | undefined;
  /** Which connection ran it, numbered in the order they first appear. */
  connection: number;
  /** Statements that had ended when this one was sent. */
  after: number[];
}

export interface SqlRecorder {
  /** Records the statements `request` sends through the pool. */
  record(request: () => Promise<unknown>): Promise<Statement[]>;
}

/** Watches every connection the pool hands out; records only inside `record`. */
export function sqlRecorder(pool: Pool): SqlRecorder {
  let recording: { statements: Statement[]; ended: Set<number>; connections: Map<PoolClient, number> } | undefined;
  const watched = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (config: unknown, ...rest: unknown[]) => {
        // Only statements given as text (not cursors); pool.query sends them with a callback, clients without.
        const text = typeof config === 'string' ? config : typeof config === 'object' && config && 'text' in config ? String(config.text) : undefined;
        if (!recording || text === undefined || (typeof config === 'object' && config && 'submit' in config)) return query(config, ...rest);
        const current = recording;
        const values = (Array.isArray(rest[0]) ? rest[0] : (config as { values?: unknown[] }).values) as unknown[] | undefined;
        if (!current.connections.has(client)) current.connections.set(client, current.connections.size);
        const index = current.statements.push({ text, values, connection: current.connections.get(client) ?? 0, after: [...current.ended] }) - 1;
        const ended = () => void current.ended.add(index);
        const callback = rest.at(-1);
        if (typeof callback === 'function') {
          return query(config, ...rest.slice(0, -1), (...results: unknown[]) => {
            ended();
            (callback as (...results: unknown[]) => void)(...results);
          });
        }
        const result = query(config, ...rest);
        if (result instanceof Promise) result.then(ended, ended);
        return result;
      },
    });
  });
  return {
    async record(request) {
      recording = { statements: [], ended: new Set(), connections: new Map() };
      try {
        await request();
        return recording.statements;
      } finally {
        recording = undefined;
      }
    },
  };
}

/** Runs recorded statements again on `pool`, each connection's on one client, in the recorded order and overlap. */
export async function replay(pool: Pool, statements: readonly Statement[]): Promise<void> {
  const connections = [...new Set(statements.map((statement) => statement.connection))];
  const clients = new Map(await Promise.all(connections.map(async (connection) => [connection, await pool.connect()] as const)));
  const done: Promise<unknown>[] = [];
  const previousOn = new Map<number, Promise<unknown>>();
  try {
    for (const [index, statement] of statements.entries()) {
      const client = clients.get(statement.connection);
      if (!client) throw new Error('a replayed statement has no connection');
      const waitFor = [...statement.after.map((before) => done[before]), previousOn.get(statement.connection)];
      const run = Promise.all(waitFor).then(() => client.query(statement.text, statement.values));
      done[index] = run;
      previousOn.set(statement.connection, run);
    }
    await Promise.all(done);
  } finally {
    for (const client of clients.values()) client.release();
  }
}
