import { clockActions, type ClockAction } from '@ams/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusOnMount } from '@/lib/focus-on-mount';

export const actionLabels: Record<ClockAction, 'clock.checkIn' | 'clock.breakIn' | 'clock.breakOut' | 'clock.checkOut'> = {
  'check-in': 'clock.checkIn',
  'break-in': 'clock.breakIn',
  'break-out': 'clock.breakOut',
  'check-out': 'clock.checkOut',
};

/** Whether the kiosk is offline and how many sealed punches wait; an unregistered browser offline is told it cannot take punches. */
export function OfflineStatus({ offline, waiting, canQueue }: { offline: boolean; waiting: number; canQueue: boolean }) {
  const { t } = useTranslation();
  if (!offline && waiting === 0) return null;
  return (
    <div className="flex w-full max-w-md flex-col gap-2" data-testid="clock-offline-status">
      {offline ? (
        <p
          role="status"
          className={`alert alert-soft ${canQueue ? 'alert-info' : 'alert-warning'}`}
          data-testid={canQueue ? 'clock-offline' : 'clock-offline-refused'}
        >
          {t(canQueue ? 'clock.offline.noConnection' : 'clock.offline.refused')}
        </p>
      ) : null}
      {waiting > 0 ? (
        <p className="badge badge-lg badge-neutral self-center" data-testid="clock-offline-waiting" data-count={waiting}>
          {t('clock.offline.waiting', { count: waiting })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The actions offered offline: every one (the server decides on replay whether the person's day allows it). The
 * choice is sealed with the identification and queued.
 */
export function OfflineActions({ onChoose, onCancel }: { onChoose: (action: ClockAction) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const choose = (action: ClockAction) => {
    setPending(true);
    setFailed(false);
    onChoose(action).catch(() => {
      setFailed(true);
      setPending(false);
    });
  };
  return (
    <div className="flex w-full flex-col items-center gap-6" data-testid="clock-offline-actions">
      <p className="text-lg" ref={focusOnMount} tabIndex={-1}>
        {t('clock.offline.chooseAction')}
      </p>
      <div className="grid w-full grid-cols-2 gap-4">
        {clockActions.map((action) => (
          <button
            key={action}
            type="button"
            className={`btn btn-xl h-24 text-xl ${action === 'check-in' || action === 'check-out' ? 'btn-primary' : 'btn-secondary'}`}
            disabled={pending}
            onClick={() => choose(action)}
            data-testid={`punch-${action}`}
          >
            {t(actionLabels[action])}
          </button>
        ))}
      </div>
      {failed ? (
        <p role="alert" className="alert alert-error alert-soft w-full">
          {t('clock.offline.saveFailed')}
        </p>
      ) : null}
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}

/** The punch is sealed on the kiosk: the person is told it will be recorded when the connection returns (the kiosk cannot name them). */
export function OfflineSaved({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-col items-center gap-6">
      <p role="status" className="alert alert-success w-full text-lg" data-testid="clock-offline-saved" ref={focusOnMount} tabIndex={-1}>
        {t('clock.offline.saved')}
      </p>
      <button type="button" className="btn btn-lg" onClick={onDone}>
        {t('clock.done')}
      </button>
    </div>
  );
}
