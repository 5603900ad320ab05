/**
 * USB RFID readers act as keyboards: they type the card's number and Enter into the focused page, each key a
 * few milliseconds after the last. A person typing an ID is far slower, so only a burst of printable keys
 * ended by Enter, at least `minLength` long, whose keys came `maxAverageGapMs` apart or less on average and
 * never more than `maxGapMs` apart (a busy machine may hold one key back a little), is taken for a card.
 */
export interface CardBurstOptions {
  maxAverageGapMs: number;
  maxGapMs: number;
  minLength: number;
  maxLength: number;
}

export const CARD_BURST: CardBurstOptions = { maxAverageGapMs: 50, maxGapMs: 100, minLength: 6, maxLength: 64 };

export interface CardBurstDetector {
  /** One key (KeyboardEvent.key); true when it was the Enter that ended a card (the page should not act on it). */
  key(key: string): boolean;
  /** Forgets the burst so far (and its timer). */
  reset(): void;
}

const printable = (key: string) => key.length === 1 && key >= '!' && key <= '~';

/** `now` measures durations (milliseconds, any origin). */
export function createCardBurstDetector(onCard: (card: string) => void, options: CardBurstOptions = CARD_BURST, now: () => number = () => performance.now()): CardBurstDetector {
  let burst = '';
  let startedAt = 0;
  // Runs out `maxGapMs` after the last key: the burst so far was typed by a person, or is over.
  let gap: ReturnType<typeof setTimeout> | null = null;

  const reset = () => {
    burst = '';
    if (gap !== null) clearTimeout(gap);
    gap = null;
  };

  return {
    key(key) {
      const at = now();
      if (key === 'Enter') {
        const card = gap === null ? '' : burst;
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
      if (gap === null) startedAt = at;
      const next = gap === null ? key : burst + key;
      if (gap !== null) clearTimeout(gap);
      burst = next.length > options.maxLength ? '' : next;
      gap = setTimeout(() => {
        burst = '';
        gap = null;
      }, options.maxGapMs);
      return false;
    },
    reset,
  };
}
