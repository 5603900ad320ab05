import { PHOTO_UPLOAD } from '@ams/contracts';
import type { ReactNode, RefObject } from 'react';

interface PhotoFileButtonProps {
  /** The button's text. */
  children: ReactNode;
  /** daisyUI button classes besides `btn` (btn-primary, btn-sm). */
  className?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
  busy?: boolean;
  onFile: (file: File | undefined) => void;
  testId: string;
  describedBy?: string;
}

/**
 * A photo's file picker: a label styled as a button around a visually hidden file input, so the label names the
 * input and opens it. The input is what takes focus: the button shows the focus ring while it does (WCAG 2.4.7).
 * Only the types the server takes.
 */
export function PhotoFileButton({ children, className = '', inputRef, disabled, busy = false, onFile, testId, describedBy }: PhotoFileButtonProps) {
  return (
    <label
      className={`btn has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-current has-[input:focus-visible]:outline-solid ${className} ${disabled ? 'btn-disabled' : ''}`}
      data-testid={`${testId}-button`}
    >
      {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      {children}
      <input
        ref={inputRef}
        type="file"
        accept={PHOTO_UPLOAD.mediaTypes.join(',')}
        className="sr-only"
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onFile(event.target.files?.[0])}
        data-testid={testId}
      />
    </label>
  );
}
