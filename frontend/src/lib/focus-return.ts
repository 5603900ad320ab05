/**
 * WCAG 2.4.3: after an action (a confirmed delete, an archive, a withdrawal, a dialog closed) focus must not fall
 * to the page's body. `keepFocusNear(trigger)` watches until the user moves on: whenever focus is lost (the
 * trigger's row left the list, the dialog that held focus went away), it goes back to the trigger while that is
 * still there and usable, else to the page's heading (the list's heading on a list page).
 */
let stopWatching: (() => void) | null = null;

function usable(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !element.matches(':disabled') && element.checkVisibility();
}

function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

function focusLost(): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body || !focused.isConnected;
}

export function keepFocusNear(trigger: Element | null): void {
  stopWatching?.();
  const place = () => {
    if (!focusLost()) return;
    if (usable(trigger)) {
      trigger.focus();
      return;
    }
    pageHeading()?.focus();
    // The trigger is gone for good: nothing more to watch for.
    stop();
  };
  // Focus moved elsewhere by the user (or a form's first field): their choice stands.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== trigger) stop();
  };
  const observer = new MutationObserver(place);
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn, true);
    document.removeEventListener('pointerdown', stop, true);
    if (stopWatching === stop) stopWatching = null;
  };
  stopWatching = stop;
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'open'] });
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('pointerdown', stop, true);
  place();
}
