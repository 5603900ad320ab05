/*
 * What the forms with unsaved changes on the page hold back (spec §8: leaving asks first), kept outside the
 * lazily loaded DiscardGuard because of the browser's Back and Forward: they have already moved when the page
 * hears of them, and react-router follows at once in its own popstate listener. Only a listener added before
 * the router's (window listeners run in the order they were added) can stop it: `watchHistoryPops`, called
 * before the app renders, steps the history back to the form and keeps the move for when the user discards.
 */

const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();
/** The navigation waiting for the answer. */
let held: (() => void) | null = null;
/** The form's place in the history (react-router keeps an index in each entry's state). */
let formIndex: number | null = null;
/** A popstate the guard caused itself, stepping back to the form: the router must not hear it either. */
let returning = false;

/** Tells the guards to look again (who shows the question, whether one is asked). */
export function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeToLeaving(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const historyIndex = (state: unknown): number | null => {
  const index = (state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
};

export const hasUnsavedForms = (): boolean => dirtyForms.size > 0;
export const isLeaveHeld = (): boolean => held !== null;

export function markDirty(formId: string): void {
  // Navigations wait while a form is dirty, so this stays the form's place until it is saved or left.
  formIndex = historyIndex(window.history.state);
  dirtyForms.add(formId);
}

export function markClean(formId: string): void {
  dirtyForms.delete(formId);
}

/** Holds a navigation back until the user answers. */
export function holdLeave(go: () => void): void {
  held = go;
  emit();
}

/** Runs the navigation that was held back, the forms' changes given up. */
export function releaseLeave(): void {
  const go = held;
  held = null;
  dirtyForms.clear();
  emit();
  go?.();
}

/** Drops the navigation that was held back: the user stays with their changes. */
export function stayOnForm(): void {
  held = null;
  emit();
}

function onPopState(event: PopStateEvent): void {
  if (returning) {
    returning = false;
    event.stopImmediatePropagation();
    return;
  }
  const to = historyIndex(event.state);
  if (dirtyForms.size === 0 || formIndex === null || to === null || to === formIndex) return;
  event.stopImmediatePropagation();
  const steps = to - formIndex;
  returning = true;
  window.history.go(-steps);
  holdLeave(() => window.history.go(steps));
}

/** Call once before the router starts (main.tsx). */
export function watchHistoryPops(): void {
  window.addEventListener('popstate', onPopState);
}
