import { useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { feedbackDialogOpenAtom } from '@/lib/feedback-dialog';
import { loadPageTexts } from '@/lib/i18n';

// The dialog, its texts and (when asked for) the screenshot library load only once someone opens it.
const FeedbackDialog = lazy(async () => {
  const [module] = await Promise.all([import('./feedback-dialog'), loadPageTexts()]);
  return { default: module.FeedbackDialog };
});

/** Mounts the send-feedback dialog while the user menu has it open. */
export function FeedbackDialogHost() {
  const [open, setOpen] = useAtom(feedbackDialogOpenAtom);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
