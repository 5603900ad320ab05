import { useEffect, useRef } from 'react';
import { createCardBurstDetector } from './card-burst';

/**
 * While `enabled`, listens to every key on the page (before any field or form sees it) for a card reader's
 * burst, and hands its number to `onCard`; the Enter that ends a card is kept from the page (no form submits).
 */
export function useCardBurst(enabled: boolean, onCard: (card: string) => void): void {
  const latest = useRef(onCard);
  useEffect(() => {
    latest.current = onCard;
  }, [onCard]);
  useEffect(() => {
    if (!enabled) return;
    const detector = createCardBurstDetector((card) => latest.current(card));
    const listen = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
      if (detector.key(event.key, event.timeStamp)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('keydown', listen, { capture: true });
    return () => {
      window.removeEventListener('keydown', listen, { capture: true });
      detector.reset();
    };
  }, [enabled]);
}
