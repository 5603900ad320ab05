import {
  FACE_BURST,
  localDateOf,
  pinIdentifySchema,
  systemClock,
  type ClockAction,
  type ClockMethod,
  type MessageKey,
  type OfflineIdentification,
  weekdayOf,
} from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { focusOnMount } from '@/lib/focus-on-mount';
import { kioskTokenAtom } from '@/lib/kiosk-token';
import { useZodForm } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { dateFormatOf } from '@/lib/date-format';
import { useDateFormat } from '@/lib/use-date-format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCardReader } from '../api/get-card-reader';
import { useKioskDevice } from '../api/get-kiosk-device';
import { useKioskDisplay } from '../api/get-kiosk-display';
import { useIdentifyByCard } from '../api/identify-by-card';
import { useIdentifyByFace } from '../api/identify-by-face';
import { useIdentifyByPin } from '../api/identify-by-pin';
import { usePunch, type PunchCommand } from '../api/punch';
import { attemptFor, clockScreenReducer, initialClockState, offeredActions, screenTimeoutOf, takesCards, type Identified } from '../clock-screen';
import { useCardBurst } from '../use-card-burst';
import { useKioskRefusal } from '../use-kiosk-refusal';
import { CameraCapture, cameraAvailable } from './camera-capture';
import { CardPinForm } from './card-pin-form';
import { ClockNotice, ContinueButton, KioskForm, KioskPinField } from './kiosk-form-parts';
import { KioskDeviceStatus } from './kiosk-device-status';
import { KioskNotice } from './kiosk-notice';
import { actionLabels, OfflineActions, OfflineSaved, OfflineStatus } from './offline-punch';
import { isNoConnection } from '../offline/no-connection';
import { remember, remembered } from '../offline/offline-store';
import { registerClockWorker } from '../offline/register-clock-worker';
import { useOfflineQueue } from '../offline/use-offline-queue';

/** Spec §8: 'Face recognized!', or the PIN's or the card's acceptance. */
const greetings = { face: 'faceRecognized', pin: 'pinAccepted', card: 'cardAccepted' } as const satisfies Record<ClockMethod, MessageKey>;

/**
 * The time and date in the kiosk's company's zone and time format (the organisation's at an unregistered browser),
 * as the kiosk is anonymous; the date's order and the language as anywhere else.
 */
function LiveClock() {
  const signedInFormat = useDateFormat();
  const display = useKioskDisplay(useAtomValue(kioskTokenAtom)).data;
  const { settings } = signedInFormat;
  const format = useMemo(
    () => (display ? dateFormatOf({ ...settings, timezone: display.timezone, timeFormat: display.timeFormat }) : signedInFormat),
    [display, settings, signedInFormat],
  );
  const [now, setNow] = useState(systemClock);
  useEffect(() => {
    const timer = setInterval(() => setNow(systemClock()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const instant = now.toISOString();
  const today = localDateOf(now, format.settings.timezone);
  return (
    <div className="flex flex-col items-center gap-1">
      <p className="font-mono text-6xl font-semibold tabular-nums sm:text-7xl" aria-live="off" data-testid="clock-time">
        {format.time(instant)}
      </p>
      <p className="text-base-content/80 text-lg">
        {format.weekday(weekdayOf(today))}, {format.date(today)}
      </p>
    </div>
  );
}

function Person({ person }: { person: Identified }) {
  return (
    <div className="flex flex-col items-center gap-3">
      {person.photo ? (
        <img src={person.photo} alt="" className="rounded-full size-28 object-cover" data-testid="clock-photo" />
      ) : (
        <div className="bg-primary text-primary-content flex size-28 items-center justify-center rounded-full text-4xl font-semibold" aria-hidden="true">
          {person.employeeName.charAt(0).toUpperCase()}
        </div>
      )}
      <p className="text-2xl font-semibold" data-testid="clock-employee">
        {person.employeeName}
      </p>
    </div>
  );
}

/** Spec §2 /clock and §4 clock flow: identify (ID + PIN, or the camera), then check in, break in, break out or check out. */
export function ClockKiosk() {
  const { t } = useTranslation();
  useDocumentTitle(t('clock.title'));
  const [state, dispatch] = useReducer(clockScreenReducer, initialClockState);
  const { screen, retryable } = state;
  const identifyPin = useIdentifyByPin();
  const identifyFace = useIdentifyByFace();
  const punch = usePunch();
  const refusal = useKioskRefusal();
  const [cameraWorks] = useState(cameraAvailable);
  /** Set once the server said this browser may not identify faces (not a registered kiosk): only ID and PIN then. */
  const [faceRefusedHere, setFaceRefusedHere] = useState(false);
  // Safeguarding: a kiosk whose company turned face clocking off offers ID and PIN only.
  const kioskToken = useAtomValue(kioskTokenAtom);
  const device = useKioskDevice(kioskToken);
  const camera = cameraWorks && !faceRefusedHere && device.data?.faceClocking !== false;
  const offline = useOfflineQueue(kioskToken);
  // An unregistered browser without a connection takes nothing: only a registered kiosk may queue punches.
  const refuseInput = offline.offline && !offline.canQueue;
  useEffect(registerClockWorker, []);

  /** The server could not be reached: a registered kiosk seals the identification for later, any other browser says it is offline. */
  const identifiedOffline = (identification: OfflineIdentification, error: Error): boolean => {
    if (!isNoConnection(error)) return false;
    offline.noticeNoConnection();
    if (offline.canQueue) dispatch({ type: 'identifiedOffline', identification });
    else dispatch({ type: 'identifyFailed', notice: t('clock.offline.refused') });
    return true;
  };

  const form = useZodForm(pinIdentifySchema, { identifier: '', pin: '' }, (credentials, controls) => {
    identifyPin.mutate(
      { identifier: credentials.identifier, pin: credentials.pin },
      {
        onSuccess: (ticket) => {
          controls.setValues({ identifier: '', pin: '' });
          dispatch({ type: 'identified', person: ticket });
        },
        onError: (error) => {
          if (identifiedOffline({ method: 'pin', identifier: credentials.identifier, pin: credentials.pin }, error)) {
            controls.setValues({ identifier: '', pin: '' });
            return;
          }
          controls.setValues({ identifier: credentials.identifier, pin: '' });
          dispatch({ type: 'identifyFailed', notice: refusal(error) });
        },
      },
    );
  });

  // A card reader's burst anywhere on the page, while the company takes cards (a reader typing into the ID field included).
  const cardReader = useCardReader(kioskToken);
  // Offline after a reload the server cannot say whether the company takes cards: the kiosk remembers its last answer.
  const [cardsWhenOffline, setCardsWhenOffline] = useState(false);
  useEffect(() => {
    if (cardReader.data) void remember('cardReader', cardReader.data.enabled);
    else void remembered('cardReader').then((enabled) => setCardsWhenOffline(enabled === true));
  }, [cardReader.data]);
  const cardsTaken = cardReader.data?.enabled ?? (offline.canQueue && cardsWhenOffline);
  const identifyCard = useIdentifyByCard();
  useCardBurst(cardsTaken && takesCards(screen), (card) => {
    form.setValues({ identifier: '', pin: '' });
    identifyCard.mutate(
      { card },
      {
        onSuccess: (answer) => dispatch(answer.pinRequired ? { type: 'cardPinRequired', card } : { type: 'identified', person: answer }),
        onError: (error) => {
          if (!identifiedOffline({ method: 'card', card, pin: null }, error)) dispatch({ type: 'identifyFailed', notice: refusal(error) });
        },
      },
    );
  });

  // Back to the start after a result, or when the identified person walks away.
  useEffect(() => {
    const timeout = screenTimeoutOf(screen);
    if (timeout === null) return;
    const timer = setTimeout(() => dispatch({ type: 'startOver' }), timeout);
    return () => clearTimeout(timer);
  }, [screen]);

  const send = (person: Identified, command: PunchCommand) => {
    dispatch({ type: 'punchSent', attempt: command });
    punch.mutate(command, {
      onSuccess: () => dispatch({ type: 'punched', person, message: translateKey('recorded') }),
      onError: (error) => {
        // No answer at all: the same punch may be tried again (same commandId, recorded once).
        if (error instanceof ApiError && error.status === null) dispatch({ type: 'punchUnanswered' });
        else dispatch({ type: 'punchRefused', person, message: refusal(error) });
      },
    });
  };

  const press = (person: Identified, action: ClockAction) => {
    if (punch.isPending) return;
    send(
      person,
      attemptFor(state.attempt, person.ticket, action, () => crypto.randomUUID()),
    );
  };

  const onBurst = (frames: string[]) => {
    identifyFace.mutate(
      { frames },
      {
        onSuccess: (ticket) => dispatch({ type: 'identified', person: ticket }),
        // Spec §8: 'Face not recognized, please enter your PIN.' — and the PIN form it asks for.
        onError: (error) => {
          // The burst's smallest accepted size keeps the sealed item under the body limit.
          if (identifiedOffline({ method: 'face', frames: frames.slice(0, FACE_BURST.minFrames) }, error)) return;
          if (error instanceof ApiError && (error.messageKey === 'faceNeedsRegisteredKiosk' || error.messageKey === 'faceClockingOff'))
            setFaceRefusedHere(true);
          dispatch({ type: 'identifyFailed', notice: refusal(error) });
        },
      },
    );
  };

  const startOver = () => dispatch({ type: 'startOver' });

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col items-center gap-8 px-4 py-8 text-center" data-testid="clock-page">
      <div className="flex flex-col items-center gap-2">
        <h1 className="text-2xl font-semibold">{t('clock.title')}</h1>
        <KioskDeviceStatus />
      </div>
      <OfflineStatus offline={offline.offline} waiting={offline.waiting} canQueue={offline.canQueue} />
      <LiveClock />

      {screen.kind === 'identify' ? (
        <KioskForm title={t('clock.enterIdAndPin')} onSubmit={form.onSubmit} testId="clock-pin-form">
          {cardsTaken ? (
            <p className="text-base-content/80 text-sm" data-testid="clock-card-hint">
              {t('clock.cardHint')}
            </p>
          ) : null}
          <ClockNotice notice={screen.notice} />
          <fieldset disabled={refuseInput} className="flex flex-col gap-2">
            <TextField label={t('clock.identifier')} autoComplete="off" className="input input-lg w-full" {...form.field('identifier')} />
            <KioskPinField {...form.field('pin')} />
            <ContinueButton pending={identifyPin.isPending} />
          </fieldset>
          {camera && !refuseInput ? (
            <button type="button" className="btn btn-outline btn-lg" onClick={() => dispatch({ type: 'openCamera' })} data-testid="use-camera">
              {t('clock.useCamera')}
            </button>
          ) : null}
        </KioskForm>
      ) : null}

      {screen.kind === 'cardPin' ? (
        <CardPinForm
          card={screen.card}
          notice={screen.notice}
          onIdentified={(person) => dispatch({ type: 'identified', person })}
          onRefused={(notice) => dispatch({ type: 'cardPinRefused', notice })}
          onFailed={(notice) => dispatch({ type: 'identifyFailed', notice })}
          onCancel={startOver}
        />
      ) : null}

      {screen.kind === 'camera' ? <CameraCapture busy={identifyFace.isPending} onBurst={onBurst} onClose={() => dispatch({ type: 'closeCamera' })} /> : null}
      {camera && (screen.kind === 'identify' || screen.kind === 'camera') ? <KioskNotice /> : null}

      {screen.kind === 'identified' ? (
        <div className="flex w-full flex-col items-center gap-6">
          <Person person={screen.person} />
          {/* Spec §8: 'Face recognized!' (or the PIN's or the card's acceptance), as the server words it. */}
          <p role="status" className="text-success text-lg font-medium" data-testid="clock-identified" ref={focusOnMount} tabIndex={-1}>
            {translateKey(greetings[screen.person.method])}
          </p>
          {offeredActions(screen).length > 0 ? (
            <>
              <p className="text-base-content/80">{t('clock.chooseAction')}</p>
              <div className="grid w-full grid-cols-2 gap-4">
                {offeredActions(screen).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`btn btn-xl h-24 text-xl ${action === 'check-in' || action === 'check-out' ? 'btn-primary' : 'btn-secondary'}`}
                    disabled={punch.isPending}
                    onClick={() => press(screen.person, action)}
                    data-testid={`punch-${action}`}
                  >
                    {t(actionLabels[action])}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p className="alert alert-warning alert-soft w-full text-lg" data-testid="clock-nothing-to-record">
              {screen.person.unavailable ? translateKey(screen.person.unavailable.messageKey, screen.person.unavailable.params) : t('clock.nothingToRecord')}
            </p>
          )}
          {retryable ? (
            <p role="alert" className="alert alert-error alert-soft w-full">
              {t('clock.noAnswer')}
            </p>
          ) : null}
          <button type="button" className="btn btn-ghost" onClick={startOver}>
            {t('clock.notMe')}
          </button>
        </div>
      ) : null}

      {screen.kind === 'offlineAction' ? (
        <OfflineActions
          onChoose={async (action: ClockAction) => {
            await offline.queue(screen.identification, action);
            dispatch({ type: 'queuedOffline' });
          }}
          onCancel={startOver}
        />
      ) : null}
      {screen.kind === 'offlineSaved' ? <OfflineSaved onDone={startOver} /> : null}

      {screen.kind === 'result' ? (
        <div className="flex w-full flex-col items-center gap-6">
          <Person person={screen.person} />
          <p
            role="status"
            className={`alert w-full text-lg ${screen.outcome === 'success' ? 'alert-success' : 'alert-error'}`}
            data-testid="clock-result"
            data-outcome={screen.outcome}
            ref={focusOnMount}
            tabIndex={-1}
          >
            {screen.message}
          </p>
          <button type="button" className="btn btn-lg" onClick={startOver}>
            {t('clock.done')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
