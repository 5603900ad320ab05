import type { SealedPunch, SealingKey } from '@ams/contracts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** One sealed punch waiting for the server, with the token of the kiosk that took it. */
export interface QueuedPunch {
  commandId: string;
  deviceTime: string;
  clockOffsetMs: number;
  sealed: SealedPunch;
  kioskToken: string;
}

/** What the kiosk remembers between reloads: the server's sealing key, its last measured clock offset, whether it takes cards. */
interface KioskMemory {
  sealingKey: SealingKey;
  clockOffsetMs: number;
  /** Whether the company takes RFID cards, as last answered. */
  cardReader: boolean;
}

interface KioskDatabase extends DBSchema {
  /** In the order the punches were taken (auto-incremented keys): replayed in that order. */
  queue: { key: number; value: QueuedPunch };
  memory: { key: keyof KioskMemory; value: KioskMemory[keyof KioskMemory] };
}

let database: Promise<IDBPDatabase<KioskDatabase>> | null = null;

function kioskDatabase(): Promise<IDBPDatabase<KioskDatabase>> {
  database ??= openDB<KioskDatabase>('ams-kiosk', 1, {
    upgrade(db) {
      db.createObjectStore('queue', { autoIncrement: true });
      db.createObjectStore('memory');
    },
  });
  return database;
}

export async function enqueuePunch(punch: QueuedPunch): Promise<void> {
  await (await kioskDatabase()).add('queue', punch);
}

/** The oldest waiting punch and its key, or null when none waits. */
export async function oldestPunch(): Promise<{ key: number; punch: QueuedPunch } | null> {
  const cursor = await (await kioskDatabase()).transaction('queue').store.openCursor();
  return cursor ? { key: cursor.key, punch: cursor.value } : null;
}

export async function dropPunch(key: number): Promise<void> {
  await (await kioskDatabase()).delete('queue', key);
}

export async function waitingPunches(): Promise<number> {
  return (await kioskDatabase()).count('queue');
}

export async function remembered<Name extends keyof KioskMemory>(name: Name): Promise<KioskMemory[Name] | undefined> {
  return (await (await kioskDatabase()).get('memory', name)) as KioskMemory[Name] | undefined;
}

export async function remember<Name extends keyof KioskMemory>(name: Name, value: KioskMemory[Name]): Promise<void> {
  await (await kioskDatabase()).put('memory', value, name);
}
