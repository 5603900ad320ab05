import { useSetAtom } from 'jotai';
import { feedbackDialogOpenAtom } from '@/lib/feedback-dialog';
import { FeedbackDialog } from './feedback-dialog';

/** The send-feedback dialog, closed through the same switch the user menu opened it with. */
export function FeedbackDialogHost() {
  const setOpen = useSetAtom(feedbackDialogOpenAtom);
  return <FeedbackDialog onClose={() => setOpen(false)} />;
}
