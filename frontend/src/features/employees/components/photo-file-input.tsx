import { PHOTO_UPLOAD } from '@ams/contracts';
import type { RefObject } from 'react';

interface PhotoFileInputProps {
  ref: RefObject<HTMLInputElement | null>;
  id: string;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
  testId: string;
  describedBy?: string;
}

/** The hidden file input of a photo, opened by its visible label (styled as a button); only the types the server takes. */
export function PhotoFileInput({ ref, id, disabled, onFile, testId, describedBy }: PhotoFileInputProps) {
  return (
    <input
      ref={ref}
      id={id}
      type="file"
      accept={PHOTO_UPLOAD.mediaTypes.join(',')}
      className="sr-only"
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(event) => onFile(event.target.files?.[0])}
      data-testid={testId}
    />
  );
}
