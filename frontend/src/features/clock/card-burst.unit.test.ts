import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_BURST, createCardBurstDetector } from './card-burst';

let cards: string[];
let detector: ReturnType<typeof createCardBurstDetector>;
/** When the next key is typed (its event's time stamp). */
let clock: number;

const wait = (ms: number) => {
  clock += ms;
};

/** Keys typed `gapMs` apart, as a reader (a few ms) or a person (a few hundred ms) types them; the answer to the last. */
function typeKeys(keys: readonly string[], gapMs: number): boolean {
  let last = false;
  keys.forEach((key, index) => {
    if (index > 0) wait(gapMs);
    last = detector.key(key, clock);
  });
  return last;
}

const keysOf = (text: string) => [...text];

beforeEach(() => {
  cards = [];
  clock = 1_000;
  detector = createCardBurstDetector((card) => cards.push(card));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the card burst detector', () => {
  it('takes digits typed a few milliseconds apart and ended by Enter for a card, and keeps that Enter from the page', () => {
    expect(typeKeys([...keysOf('0004417327'), 'Enter'], 5)).toBe(true);
    expect(cards).toEqual(['0004417327']);
  });

  it('takes a card of letters and symbols too, its keys just under 50 ms apart', () => {
    expect(typeKeys([...keysOf('AB:12-cd'), 'Enter'], CARD_BURST.maxAverageGapMs)).toBe(true);
    expect(cards).toEqual(['AB:12-cd']);
  });

  it('takes a card whose reader was held back once by a busy machine', () => {
    typeKeys(keysOf('00044'), 5);
    wait(CARD_BURST.maxGapMs - 1);
    expect(typeKeys([...keysOf('17327'), 'Enter'], 5)).toBe(true);
    expect(cards).toEqual(['0004417327']);
  });

  it('takes a card whose keys were stamped a few ms apart but reached a busy page only after the gap', () => {
    // A slow kiosk (or a loaded test machine) handles the reader's queued keys late: their stamps say when they were typed.
    vi.useFakeTimers();
    const handled = [...keysOf('91764193027614'), 'Enter'].map((key, index) => {
      vi.advanceTimersByTime(CARD_BURST.maxGapMs + 50);
      return detector.key(key, clock + index * 5);
    });
    expect(handled.at(-1)).toBe(true);
    expect(cards).toEqual(['91764193027614']);
  });

  it('does not take a person typing an ID and pressing Enter, a fast typist neither, and lets their Enter through', () => {
    expect(typeKeys([...keysOf('12345678'), 'Enter'], 200)).toBe(false);
    wait(1_000);
    expect(typeKeys([...keysOf('12345678'), 'Enter'], CARD_BURST.maxAverageGapMs + 10)).toBe(false);
    expect(cards).toEqual([]);
  });

  it('does not take a burst that waits too long before its Enter', () => {
    typeKeys(keysOf('0004417327'), 5);
    wait(CARD_BURST.maxGapMs);
    expect(detector.key('Enter', clock)).toBe(false);
    expect(cards).toEqual([]);
  });

  it('does not take a person’s slow keys before a reader’s burst for part of the card', () => {
    typeKeys(keysOf('77'), CARD_BURST.maxGapMs + 50);
    wait(CARD_BURST.maxGapMs + 50);
    expect(typeKeys([...keysOf('12345678'), 'Enter'], 5)).toBe(true);
    expect(cards).toEqual(['12345678']);
  });

  it('starts over after a pause: only the fast keys after it make the card', () => {
    typeKeys(keysOf('99'), 5);
    wait(300);
    expect(typeKeys([...keysOf('123456'), 'Enter'], 4)).toBe(true);
    expect(cards).toEqual(['123456']);
  });

  it('ignores bursts shorter than a card, longer than any card, or broken by a key that is not printable', () => {
    expect(typeKeys([...keysOf('12345'), 'Enter'], 5)).toBe(false);
    wait(100);
    expect(typeKeys([...keysOf('1'.repeat(CARD_BURST.maxLength + 1)), 'Enter'], 2)).toBe(false);
    wait(100);
    expect(typeKeys([...keysOf('1234'), 'Shift', ...keysOf('5678'), 'Enter'], 5)).toBe(false);
    wait(100);
    expect(typeKeys([...keysOf('123 456'), 'Enter'], 5)).toBe(false);
    expect(cards).toEqual([]);
  });

  it('reads one card after another', () => {
    typeKeys([...keysOf('11111111'), 'Enter'], 5);
    wait(1_000);
    typeKeys([...keysOf('22222222'), 'Enter'], 5);
    expect(cards).toEqual(['11111111', '22222222']);
  });
});
