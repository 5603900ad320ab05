/**
 * USB RFID readers act as keyboards: they type the card's number and Enter into the focused page, each key a
 * few milliseconds after the last. A person typing an ID is far slower, so only a burst of printable keys
 * each less than `maxGapMs` apart, at least `minLength` long and ended by Enter, is taken for a card.
 */
export interface CardBurstOptions {
  maxGapMs: number;
  minLength: number;
  maxLength: number;
}

export const CARD_BURST: CardBurstOptions = { maxGapMs: 50, minLength: 6, maxLength: 64 };

export interface CardBurstDetector {
  /** One key (KeyboardEvent.key); true when it was the Enter that ended a card (the page should not act on it). */
  key(key: string): boolean;
  /** Forgets the burst so far (and its timer). */
  reset(): void;
}

const printable = (key: string) => key.length === 1 && key >= '!' && key <= '~';

export function createCardBurstDetector(onCard: (card: string) => void, options: CardBurstOptions = CARD_BURST): CardBurstDetector {
  let burst = '';
  // Runs out `maxGapMs` after the last key: the burst so far was typed by a person, or is over.
  let gap: ReturnType<typeof setTimeout> | null = null;

  const reset = () => {
    burst = '';
    if (gap !== null) clearTimeout(gap);
    gap = null;
  };

  return {
    key(key) {
      if (key === 'Enter') {
        const card = gap === null ? '' : burst;
        reset();
        if (card.length < options.minLength) return false;
        onCard(card);
        return true;
      }
      if (!printable(key)) {
        reset();
        return false;
      }
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
