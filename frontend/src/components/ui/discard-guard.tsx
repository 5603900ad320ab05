import { useContext, useEffect, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router-dom';
import { translateKey } from '@/lib/i18n';
import { emit, hasUnsavedForms, holdLeave, isLeaveHeld, markClean, markDirty, releaseLeave, stayOnForm, subscribeToLeaving } from '@/lib/leave-guard';
import { useNotify } from '@/lib/use-notify';
import { ConfirmDialog } from './confirm-dialog';

/*
 * Spec §8: leaving a form with unsaved changes asks first ('This action cannot be undone.') and then says
 * 'Discarded'. react-router's useBlocker needs a data router and the app uses declarative routes (see
 * app/router.tsx), so the guard holds back the router's own navigations instead: while a form is dirty, the
 * history's push and replace (what every Link and navigate() call) wait for the answer. Back and Forward are
 * held in lib/leave-guard. A reload or a closed tab gets the browser's own question (beforeunload).
 */

type Go = (...args: Parameters<Navigator['push']>) => void;

/** The guards on the page, in mount order: the first shows the question. */
const guards: string[] = [];
let installed: { navigator: Navigator; restore: () => void; count: number } | null = null;

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (!hasUnsavedForms()) return;
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
      if (!hasUnsavedForms()) return go.apply(navigator, args);
      holdLeave(() => go.apply(navigator, args));
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
  stayOnForm();
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
      markClean(id);
      // The form went away by other means while a navigation waited (e.g. the session ended): nothing is left to ask about.
      if (isLeaveHeld() && !hasUnsavedForms()) releaseLeave();
      uninstall();
      emit();
    };
  }, [navigator, id]);

  useEffect(() => {
    if (!dirty) return;
    markDirty(id);
    return () => markClean(id);
  }, [dirty, id]);

  const asking = useSyncExternalStore(subscribeToLeaving, () => isLeaveHeld() && guards[0] === id);
  return (
    <ConfirmDialog
      open={asking}
      title={t('discard.title')}
      confirmLabel={t('discard.confirm')}
      onConfirm={() => {
        releaseLeave();
        notify.success(translateKey('discarded'));
      }}
      onCancel={stayOnForm}
    />
  );
}
