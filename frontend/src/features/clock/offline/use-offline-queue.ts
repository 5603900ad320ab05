import { sealPunch, systemClock, type ClockAction, type OfflineIdentification, type SealingKey } from '@ams/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '@/lib/api-call';
import { appStore } from '@/lib/store';
import { clockApi, clockApiOf, clockOffsetAtom } from '../api/clock-client';
import { isNoConnection, isRevokedRegistration } from './no-connection';
import { dropPunch, enqueuePunch, oldestPunch, remember, remembered, waitingPunches } from './offline-store';

/** How often a registered kiosk reports to the server (queue, offset) and, the server being back, replays its queue. */
const CONTACT_INTERVAL_MS = 30_000;

export interface OfflineQueue {
  /** Punches sealed and waiting for the server. */
  waiting: number;
  /** The last exchange with the server failed for want of a connection. */
  offline: boolean;
  /** A registered kiosk that knows the server's sealing key: it may take punches offline. */
  canQueue: boolean;
  /** Seals the identification and action and stores them for the replay. */
  queue: (identification: OfflineIdentification, action: ClockAction) => Promise<void>;
  /** A clock call got no answer: the kiosk is offline until the server answers again. */
  noticeNoConnection: () => void;
}

/**
 * A registered kiosk's offline queue: it contacts the server on start, every 30 s and when the browser is back
 * online (reporting its queue and clock offset, learning the sealing key), then replays the sealed punches in
 * the order they were taken, each until the server decided it. A failed replay stops the round; the next
 * contact resumes it, so an item is never skipped.
 */
export function useOfflineQueue(kioskToken: string): OfflineQueue {
  const [waiting, setWaiting] = useState(0);
  const [offline, setOffline] = useState(() => !navigator.onLine);
  const [sealingKey, setSealingKey] = useState<SealingKey | null>(null);
  const syncing = useRef(false);

  const replay = useCallback(async () => {
    for (let next = await oldestPunch(); next; next = await oldestPunch()) {
      const { kioskToken: token, ...item } = next.punch;
      try {
        await call('POST /api/clock/offline-punches', { body: item }, { client: clockApiOf(token) });
      } catch (error) {
        if (!isRevokedRegistration(error, token, kioskToken)) throw error;
      }
      await dropPunch(next.key);
      setWaiting(await waitingPunches());
    }
  }, [kioskToken]);

  const sync = useCallback(async () => {
    if (kioskToken === '' || syncing.current) return;
    syncing.current = true;
    try {
      const answer = await call(
        'POST /api/clock/contact',
        { body: { queueLength: await waitingPunches(), clockOffsetMs: appStore.get(clockOffsetAtom) } },
        { client: clockApi },
      );
      setOffline(false);
      setSealingKey(answer.sealingKey);
      await remember('sealingKey', answer.sealingKey);
      const offsetMs = appStore.get(clockOffsetAtom);
      if (offsetMs !== null) await remember('clockOffsetMs', offsetMs);
      await replay();
    } catch (error) {
      if (isNoConnection(error)) setOffline(true);
    } finally {
      syncing.current = false;
      setWaiting(await waitingPunches());
    }
  }, [kioskToken, replay]);

  useEffect(() => {
    if (kioskToken === '') return;
    void (async () => {
      const key = await remembered('sealingKey');
      if (key) setSealingKey((current) => current ?? key);
      setWaiting(await waitingPunches());
      await sync();
    })();
    const timer = setInterval(() => void sync(), CONTACT_INTERVAL_MS);
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [kioskToken, sync]);

  useEffect(() => {
    const onOffline = () => setOffline(true);
    const onOnline = () => setOffline(false);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  const queue = useCallback(
    async (identification: OfflineIdentification, action: ClockAction) => {
      if (!sealingKey) throw new Error('No sealing key: this kiosk has not reached the server yet');
      const binding = {
        commandId: crypto.randomUUID(),
        deviceTime: systemClock().toISOString(),
        clockOffsetMs: appStore.get(clockOffsetAtom) ?? (await remembered('clockOffsetMs')) ?? 0,
      };
      const sealed = await sealPunch(sealingKey, binding, { identification, action });
      await enqueuePunch({ ...binding, sealed, kioskToken });
      setWaiting(await waitingPunches());
    },
    [sealingKey, kioskToken],
  );

  const noticeNoConnection = useCallback(() => setOffline(true), []);
  return { waiting, offline, canQueue: kioskToken !== '' && sealingKey !== null, queue, noticeNoConnection };
}
