import { clockActions, type ClockAction, type ClockMethod, type KeyedMessage, type OfflineIdentification } from '@ams/contracts';
import type { PunchCommand } from './api/punch';

/** How long a result stays on screen, and how long an identified person may take to choose. */
export const RESULT_MS = 5_000;
export const IDLE_MS = 30_000;

export interface Identified {
  ticket: string;
  employeeName: string;
  photo: string | null;
  /** How the person was identified: the kiosk greets a face, a PIN and a card differently. */
  method: ClockMethod;
  message: string;
  /** The punches the person's day allows, as the server decided at identification. */
  allowedActions: readonly ClockAction[];
  /** Why none is allowed (e.g. already left), when none is. */
  unavailable: KeyedMessage | null;
}

/** What the kiosk shows: the ID + PIN form (with a notice), the camera, the person and the four actions, a result. */
export type Screen =
  | { kind: 'identify'; notice: string | null }
  | { kind: 'camera' }
  /** A card was read and the company asks for its holder's PIN before the ticket. */
  | { kind: 'cardPin'; card: string; notice: string | null }
  | { kind: 'identified'; person: Identified }
  | { kind: 'result'; person: Identified; outcome: 'success' | 'refused'; message: string }
  /** No connection: the kiosk cannot know who this is, so it offers every action and seals the choice for the server. */
  | { kind: 'offlineAction'; identification: OfflineIdentification }
  | { kind: 'offlineSaved' };

export interface ClockState {
  screen: Screen;
  /** The punch in flight or last failed on the network. */
  attempt: PunchCommand | null;
  /** The last punch got no answer at all: it may be tried again. */
  retryable: boolean;
}

export type ClockEvent =
  | { type: 'openCamera' }
  | { type: 'closeCamera' }
  | { type: 'identified'; person: Identified }
  | { type: 'identifyFailed'; notice: string }
  | { type: 'cardPinRequired'; card: string }
  /** A wrong PIN after the card: asked again, with why. */
  | { type: 'cardPinRefused'; notice: string }
  | { type: 'punchSent'; attempt: PunchCommand }
  | { type: 'punched'; person: Identified; message: string }
  | { type: 'punchRefused'; person: Identified; message: string }
  | { type: 'punchUnanswered' }
  /** The identification got no answer at a kiosk that may queue offline. */
  | { type: 'identifiedOffline'; identification: OfflineIdentification }
  | { type: 'queuedOffline' }
  /** "Not me", "Done", or the screen's time running out. */
  | { type: 'startOver' };

export const initialClockState: ClockState = { screen: { kind: 'identify', notice: null }, attempt: null, retryable: false };

/** The kiosk's screens as a pure reducer; the screen object changes only when the screen does (its timer restarts then). */
export function clockScreenReducer(state: ClockState, event: ClockEvent): ClockState {
  switch (event.type) {
    case 'openCamera':
      return { ...state, screen: { kind: 'camera' } };
    case 'closeCamera':
      return { ...state, screen: { kind: 'identify', notice: null } };
    case 'identified':
      return { ...state, screen: { kind: 'identified', person: event.person } };
    case 'identifyFailed':
      return { ...state, screen: { kind: 'identify', notice: event.notice } };
    case 'cardPinRequired':
      return { ...state, screen: { kind: 'cardPin', card: event.card, notice: null } };
    case 'cardPinRefused':
      return state.screen.kind === 'cardPin' ? { ...state, screen: { ...state.screen, notice: event.notice } } : state;
    case 'punchSent':
      return { ...state, attempt: event.attempt, retryable: false };
    case 'punched':
      return { ...state, attempt: null, screen: { kind: 'result', person: event.person, outcome: 'success', message: event.message } };
    case 'punchRefused':
      return { ...state, attempt: null, screen: { kind: 'result', person: event.person, outcome: 'refused', message: event.message } };
    case 'punchUnanswered':
      return { ...state, retryable: true };
    case 'identifiedOffline':
      return { ...state, screen: { kind: 'offlineAction', identification: event.identification } };
    case 'queuedOffline':
      return { ...state, screen: { kind: 'offlineSaved' } };
    case 'startOver':
      return initialClockState;
  }
}

/** The punch a press sends: the one that got no answer again when it is the same action for the same person, else a new one. */
export function attemptFor(previous: PunchCommand | null, ticket: string, action: ClockAction, newCommandId: () => string): PunchCommand {
  if (previous !== null && previous.action === action && previous.ticket === ticket) return previous;
  return { ticket, action, commandId: newCommandId() };
}

/** How long a screen stays before the kiosk starts over; null while it waits for someone. */
export function screenTimeoutOf(screen: Screen): number | null {
  if (screen.kind === 'result' || screen.kind === 'offlineSaved') return RESULT_MS;
  if (screen.kind === 'identified' || screen.kind === 'cardPin' || screen.kind === 'offlineAction') return IDLE_MS;
  return null;
}

/** Whether a card read now starts an identification: on the start screen and over a result, not mid-way through someone's turn. */
export function takesCards(screen: Screen): boolean {
  return screen.kind === 'identify' || screen.kind === 'result' || screen.kind === 'offlineSaved';
}

/** The buttons the identified person gets: only the punches their day allows now, in the day's order. */
export function offeredActions(screen: Screen): ClockAction[] {
  if (screen.kind !== 'identified') return [];
  return clockActions.filter((action) => screen.person.allowedActions.includes(action));
}
