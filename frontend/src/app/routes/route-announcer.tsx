import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page may take to show its heading (its code and data load on demand). */
const HEADING_WAIT_MS = 5_000;

/**
 * Calls `found` with the page's main heading once it is in the document (pages load on demand), or with the
 * main region if none shows in time. Returns the way to stop waiting.
 */
function whenPageHeadingShows(found: (target: HTMLElement) => void): () => void {
  const heading = () => document.querySelector<HTMLElement>('main h1');
  const existing = heading();
  if (existing) {
    found(existing);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const shown = heading();
    if (!shown) return;
    stop();
    found(shown);
  });
  const timer = setTimeout(() => {
    stop();
    const main = document.querySelector<HTMLElement>('main');
    if (main) found(main);
  }, HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * After each navigation (not the first load, which a screen reader reads anyway): focus moves to the new page's
 * heading (unless the user has moved it meanwhile) and a polite live region says its title, as a full page load would.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const firstLoad = useRef(true);
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    return whenPageHeadingShows((target) => {
      // A page's code may arrive after the user moved on (opened the user menu, typed in the search): focus
      // moves only from where a navigation leaves it, the page's body or the link followed.
      const focused = document.activeElement;
      const userMovedOn = focused !== null && focused !== document.body && !(focused instanceof HTMLAnchorElement);
      if (!userMovedOn) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: false });
      }
      setMessage(target.tagName === 'H1' ? (target.textContent ?? '') : document.title);
    });
  }, [pathname]);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
