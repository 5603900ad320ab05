import { useContext, useEffect, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router-dom';
import { translateKey } from '@/lib/i18n';
import { useNotify } from '@/lib/use-notify';
import { ConfirmDialog } from './confirm-dialog';

/*
 * Spec §8: leaving a form with unsaved changes asks first ('This action cannot be undone.') and then says
 * 'Discarded'. react-router's useBlocker needs a data router and the app uses declarative routes (see
 * app/router.tsx), so the guard holds back the router's own navigations instead: while a form is dirty, the
 * history's push and replace (what every Link and navigate() call) wait for the answer. A reload or a closed
 * tab gets the browser's own question (beforeunload).
 */

type Go = (...args: Parameters<Navigator['push']>) => void;

const dirtyForms = new Set<string>();
/** The guards on the page, in mount order: the first shows the question. */
const guards: string[] = [];
let held: Go | null = null;
let heldArgs: Parameters<Navigator['push']> | null = null;
const listeners = new Set<() => void>();
let installed: { navigator: Navigator; restore: () => void; count: number } | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (dirtyForms.size === 0) return;
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

function install(navigator: Navigator): void {
  if (installed) {
    installed.count++;
    return;
  }
  const { push, replace } = navigator;
  const guarded =
    (go: Go): Go =>
    (...args) => {
      if (dirtyForms.size === 0) return go.apply(navigator, args);
      held = go;
      heldArgs = args;
      emit();
    };
  navigator.push = guarded(push);
  navigator.replace = guarded(replace);
  window.addEventListener('beforeunload', onBeforeUnload);
  installed = {
    navigator,
    count: 1,
    restore: () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('beforeunload', onBeforeUnload);
    },
  };
}

function uninstall(): void {
  if (!installed || --installed.count > 0) return;
  installed.restore();
  installed = null;
  held = null;
  heldArgs = null;
}

/** Runs the navigation that was held back, the forms' changes given up. */
function release(): void {
  const go = held;
  const args = heldArgs;
  held = null;
  heldArgs = null;
  dirtyForms.clear();
  emit();
  if (go && args && installed) go.apply(installed.navigator, args);
}

function stay(): void {
  held = null;
  heldArgs = null;
  emit();
}

/**
 * Put in every page form (FormFooter does): while `dirty`, leaving the page asks for confirmation, and a
 * confirmed leave says 'Discarded'. Several forms on one page share one question.
 */
export function DiscardGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const id = useId();
  const { navigator } = useContext(UNSAFE_NavigationContext);

  useEffect(() => {
    install(navigator);
    guards.push(id);
    emit();
    return () => {
      guards.splice(guards.indexOf(id), 1);
      dirtyForms.delete(id);
      // The form went away by other means while a navigation waited (e.g. the session ended): nothing is left to ask about.
      if (held && dirtyForms.size === 0) release();
      uninstall();
      emit();
    };
  }, [navigator, id]);

  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [dirty, id]);

  const asking = useSyncExternalStore(subscribe, () => held !== null && guards[0] === id);
  return (
    <ConfirmDialog
      open={asking}
      title={t('discard.title')}
      confirmLabel={t('discard.confirm')}
      onConfirm={() => {
        release();
        notify.success(translateKey('discarded'));
      }}
      onCancel={stay}
    />
  );
}
