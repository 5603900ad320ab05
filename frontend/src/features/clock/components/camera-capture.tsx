import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether this browser can offer the camera at all (a kiosk tablet usually can; plain http usually cannot). */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

interface CameraCaptureProps {
  busy: boolean;
  onFrame: (frame: Blob) => void;
  onClose: () => void;
}

/** The live camera; "Take photo" draws the current frame on a canvas and hands it on as a JPEG. */
export function CameraCapture({ busy, onFrame, onClose }: CameraCaptureProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
      .then((opened) => {
        if (cancelled) {
          opened.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = opened;
        if (video.current) {
          video.current.srcObject = opened;
          void video.current.play().catch(() => undefined);
        }
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const capture = () => {
    const source = video.current;
    if (!source || source.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')?.drawImage(source, 0, 0);
    canvas.toBlob((blob) => {
      if (blob) onFrame(blob);
    }, 'image/jpeg', 0.9);
  };

  return (
    <div className="flex w-full flex-col items-center gap-4" data-testid="camera">
      {failed ? (
        <p role="alert" className="alert alert-warning alert-soft w-full">
          {t('clock.cameraFailed')}
        </p>
      ) : (
        <video ref={video} className="rounded-box bg-base-300 aspect-[4/3] w-full max-w-md object-cover" muted playsInline aria-label={t('clock.cameraPreview')} />
      )}
      <div className="grid w-full grid-cols-2 gap-3">
        <button type="button" className="btn btn-primary btn-lg" onClick={capture} disabled={busy || failed}>
          {busy ? <span className="loading loading-spinner" aria-hidden="true" /> : null}
          {t('clock.takePhoto')}
        </button>
        <button type="button" className="btn btn-lg" onClick={onClose}>
          {t('clock.usePin')}
        </button>
      </div>
    </div>
  );
}
