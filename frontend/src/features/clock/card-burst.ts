/**
 * USB RFID readers act as keyboards: they type the card's number and Enter into the focused page, each key a
 * few milliseconds after the last. A person typing an ID is far slower, so only a burst of printable keys
 * ended by Enter, at least `minLength` long, whose keys came `maxAverageGapMs` apart or less on average and
 * less than `maxGapMs` apart each (a busy machine may hold one key back a little), is taken for a card.
 *
 * Keys are judged by when they were typed (the key event's time stamp), never by when the page got round to
 * handling them: a slow or busy kiosk handles a reader's queued keys late, all at once, and a clock running
 * between them (a timer) would cut one card into pieces and read its tail as another card.
 */
export interface CardBurstOptions {
  maxAverageGapMs: number;
  maxGapMs: number;
  minLength: number;
  maxLength: number;
}

export const CARD_BURST: CardBurstOptions = { maxAverageGapMs: 50, maxGapMs: 100, minLength: 6, maxLength: 64 };

export interface CardBurstDetector {
  /**
   * One key (KeyboardEvent.key) typed at `at` (KeyboardEvent.timeStamp: milliseconds, any origin); true when it
   * was the Enter that ended a card (the page should not act on it).
   */
  key(key: string, at: number): boolean;
  /** Forgets the burst so far. */
  reset(): void;
}

const printable = (key: string) => key.length === 1 && key >= '!' && key <= '~';

export function createCardBurstDetector(onCard: (card: string) => void, options: CardBurstOptions = CARD_BURST): CardBurstDetector {
  let burst = '';
  let startedAt = 0;
  let lastAt = 0;

  const reset = () => {
    burst = '';
  };
  // The burst so far still runs at `at`: its last key came less than `maxGapMs` before.
  const running = (at: number) => burst !== '' && at - lastAt < options.maxGapMs;

  return {
    key(key, at) {
      if (key === 'Enter') {
        const card = running(at) ? burst : '';
        reset();
        // As many gaps as keys: between the first key and the Enter.
        if (card.length < options.minLength || (at - startedAt) / card.length > options.maxAverageGapMs) return false;
        onCard(card);
        return true;
      }
      if (!printable(key)) {
        reset();
        return false;
      }
      if (!running(at)) {
        burst = '';
        startedAt = at;
      }
      lastAt = at;
      const next = burst + key;
      burst = next.length > options.maxLength ? '' : next;
      return false;
    },
    reset,
  };
}
