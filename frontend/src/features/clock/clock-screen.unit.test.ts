import { describe, expect, it } from 'vitest';
import {
  attemptFor,
  clockScreenReducer,
  IDLE_MS,
  initialClockState,
  offeredActions,
  RESULT_MS,
  screenTimeoutOf,
  takesCards,
  type ClockEvent,
  type ClockState,
  type Identified,
} from './clock-screen';

const ana = {
  ticket: 't-ana',
  employeeName: 'Ana Pérez',
  photo: null,
  method: 'face' as const,
  message: 'Face recognized!',
  allowedActions: ['check-in' as const],
  unavailable: null,
};
const luis = {
  ticket: 't-luis',
  employeeName: 'Luis Gómez',
  photo: '/photo.jpg',
  method: 'pin' as const,
  message: 'PIN accepted',
  allowedActions: ['check-out' as const, 'break-in' as const],
  unavailable: null,
};
const checkIn = { ticket: 't-ana', action: 'check-in', commandId: 'c-1' } as const;

/** The state after these events, from the kiosk's first screen. */
function after(...events: ClockEvent[]): ClockState {
  return events.reduce(clockScreenReducer, initialClockState);
}

describe('clockScreenReducer', () => {
  it('starts on the ID and PIN form without a notice', () => {
    expect(initialClockState).toEqual({ screen: { kind: 'identify', notice: null }, attempt: null, retryable: false });
  });

  it('opens the camera and closes it back to the form', () => {
    expect(after({ type: 'openCamera' }).screen).toEqual({ kind: 'camera' });
    expect(after({ type: 'openCamera' }, { type: 'closeCamera' }).screen).toEqual({ kind: 'identify', notice: null });
  });

  it('shows the person and the actions once identified, by PIN or by face', () => {
    expect(after({ type: 'identified', person: ana }).screen).toEqual({ kind: 'identified', person: ana });
    expect(after({ type: 'openCamera' }, { type: 'identified', person: luis }).screen).toEqual({ kind: 'identified', person: luis });
  });

  it('offers every action for an identification taken offline, then says the punch is saved, and starts over in time', () => {
    const identification = { method: 'pin', identifier: 'ana@example.com', pin: '1234' } as const;
    const offline = after({ type: 'identifiedOffline', identification });
    expect(offline.screen).toEqual({ kind: 'offlineAction', identification });
    expect(screenTimeoutOf(offline.screen)).toBe(IDLE_MS);
    expect(takesCards(offline.screen)).toBe(false);
    const saved = clockScreenReducer(offline, { type: 'queuedOffline' });
    expect(saved.screen).toEqual({ kind: 'offlineSaved' });
    expect(screenTimeoutOf(saved.screen)).toBe(RESULT_MS);
    expect(takesCards(saved.screen)).toBe(true);
  });

  it('asks a card’s holder for their PIN, again with why after a wrong one, and gives up after a while like any turn', () => {
    const asked = after({ type: 'cardPinRequired', card: '0004417327' });
    expect(asked.screen).toEqual({ kind: 'cardPin', card: '0004417327', notice: null });
    expect(clockScreenReducer(asked, { type: 'cardPinRefused', notice: 'Wrong card or PIN' }).screen).toEqual({
      kind: 'cardPin',
      card: '0004417327',
      notice: 'Wrong card or PIN',
    });
    expect(screenTimeoutOf(asked.screen)).toBe(IDLE_MS);
    expect(clockScreenReducer(asked, { type: 'identified', person: { ...luis, method: 'card' } }).screen).toMatchObject({ kind: 'identified' });
    // A refusal that comes late, after the turn ended, changes nothing.
    expect(after({ type: 'cardPinRefused', notice: 'Wrong card or PIN' })).toEqual(initialClockState);
  });

  it('takes cards on the start screen and over a result, not while someone is in the middle of their turn', () => {
    expect(takesCards(initialClockState.screen)).toBe(true);
    expect(takesCards({ kind: 'result', person: ana, outcome: 'success', message: 'Recorded successfully!' })).toBe(true);
    expect(takesCards({ kind: 'identified', person: ana })).toBe(false);
    expect(takesCards({ kind: 'cardPin', card: '1', notice: null })).toBe(false);
    expect(takesCards({ kind: 'camera' })).toBe(false);
  });

  it('goes back to the form with the server’s notice when identifying fails', () => {
    expect(after({ type: 'openCamera' }, { type: 'identifyFailed', notice: 'Face not recognized, please enter your PIN.' }).screen).toEqual({
      kind: 'identify',
      notice: 'Face not recognized, please enter your PIN.',
    });
  });

  it('keeps the person on screen while a punch is in flight, and remembers it', () => {
    const state = after({ type: 'identified', person: ana }, { type: 'punchSent', attempt: checkIn });
    expect(state.screen).toEqual({ kind: 'identified', person: ana });
    expect(state.attempt).toEqual(checkIn);
    expect(state.retryable).toBe(false);
  });

  it('shows the result of a recorded or refused punch and forgets the attempt', () => {
    const recorded = after(
      { type: 'identified', person: ana },
      { type: 'punchSent', attempt: checkIn },
      { type: 'punched', person: ana, message: 'Checked in' },
    );
    expect(recorded).toEqual({ screen: { kind: 'result', person: ana, outcome: 'success', message: 'Checked in' }, attempt: null, retryable: false });
    const refused = after(
      { type: 'identified', person: ana },
      { type: 'punchSent', attempt: checkIn },
      { type: 'punchRefused', person: ana, message: 'Already checked in' },
    );
    expect(refused.screen).toEqual({ kind: 'result', person: ana, outcome: 'refused', message: 'Already checked in' });
    expect(refused.attempt).toBeNull();
  });

  it('offers a retry when a punch got no answer, keeping the same attempt and the same screen object', () => {
    const sent = after({ type: 'identified', person: ana }, { type: 'punchSent', attempt: checkIn });
    const unanswered = clockScreenReducer(sent, { type: 'punchUnanswered' });
    expect(unanswered.retryable).toBe(true);
    expect(unanswered.attempt).toEqual(checkIn);
    // The idle timer follows the screen object: a punch does not restart it.
    expect(unanswered.screen).toBe(sent.screen);
    expect(clockScreenReducer(unanswered, { type: 'punchSent', attempt: checkIn }).retryable).toBe(false);
  });

  it('starts over from anywhere, forgetting the attempt and the retry', () => {
    const unanswered = after({ type: 'identified', person: ana }, { type: 'punchSent', attempt: checkIn }, { type: 'punchUnanswered' });
    expect(clockScreenReducer(unanswered, { type: 'startOver' })).toEqual(initialClockState);
    expect(after({ type: 'identified', person: ana }, { type: 'punched', person: ana, message: 'ok' }, { type: 'startOver' })).toEqual(initialClockState);
  });
});

describe('attemptFor', () => {
  let next = 0;
  const newId = () => `new-${++next}`;

  it('sends the unanswered punch again for the same action of the same person', () => {
    expect(attemptFor(checkIn, 't-ana', 'check-in', newId)).toBe(checkIn);
  });

  it('makes a new punch for another action, another person, or the first press', () => {
    expect(attemptFor(checkIn, 't-ana', 'break-in', newId)).toEqual({ ticket: 't-ana', action: 'break-in', commandId: expect.stringMatching(/^new-/) });
    expect(attemptFor(checkIn, 't-luis', 'check-in', newId).commandId).not.toBe('c-1');
    expect(attemptFor(null, 't-ana', 'check-in', newId)).toEqual({ ticket: 't-ana', action: 'check-in', commandId: expect.stringMatching(/^new-/) });
  });
});

describe('screenTimeoutOf', () => {
  it('starts over after a result, or when the identified person does not choose', () => {
    expect(screenTimeoutOf({ kind: 'result', person: ana, outcome: 'success', message: 'ok' })).toBe(RESULT_MS);
    expect(screenTimeoutOf({ kind: 'identified', person: ana })).toBe(IDLE_MS);
  });
  it('waits as long as it takes on the form and the camera', () => {
    expect(screenTimeoutOf({ kind: 'identify', notice: 'x' })).toBeNull();
    expect(screenTimeoutOf({ kind: 'camera' })).toBeNull();
  });
});

describe('offeredActions', () => {
  const identified = (allowedActions: Identified['allowedActions'], unavailable: Identified['unavailable'] = null) =>
    after({ type: 'identified', person: { ...ana, allowedActions, unavailable } }).screen;

  it('offers only check in before the day starts', () => {
    expect(offeredActions(identified(['check-in']))).toEqual(['check-in']);
  });

  it('offers break in and check out once checked in, in the day’s order whatever the server’s', () => {
    expect(offeredActions(after({ type: 'identified', person: luis }).screen)).toEqual(['break-in', 'check-out']);
  });

  it('offers only break out while on a break', () => {
    expect(offeredActions(identified(['break-out']))).toEqual(['break-out']);
  });

  it('offers nothing once the person has left, nor on any screen but the identified one', () => {
    expect(offeredActions(identified([], { messageKey: 'alreadyLeft' }))).toEqual([]);
    expect(offeredActions(initialClockState.screen)).toEqual([]);
    expect(offeredActions({ kind: 'result', person: ana, outcome: 'success', message: 'ok' })).toEqual([]);
  });
});
