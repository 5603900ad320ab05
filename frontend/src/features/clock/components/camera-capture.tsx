import { FACE_BURST } from '@ams/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captureBurst } from '../capture-burst';

/** Whether this browser can offer the camera at all (a kiosk tablet usually can; plain http usually cannot). */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

interface CameraCaptureProps {
  busy: boolean;
  /** The burst's frames, base64 JPEGs as the face identification takes them. */
  onBurst: (frames: string[]) => void;
  onClose: () => void;
}

const burstOptions = { frames: FACE_BURST.frames, intervalMs: FACE_BURST.intervalMs, maxWidth: FACE_BURST.maxFrameWidth, maxBytes: FACE_BURST.maxFrameBytes };

/** The live camera; "Take photo" takes about a second of frames (the server wants to see the face move) and hands them on. */
export function CameraCapture({ busy, onBurst, onClose }: CameraCaptureProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [capturing, setCapturing] = useState(false);

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
    if (!source || source.videoWidth === 0 || capturing) return;
    setCapturing(true);
    captureBurst(source, burstOptions)
      .then(onBurst, () => setFailed(true))
      .finally(() => setCapturing(false));
  };
  const working = busy || capturing;

  return (
    <div className="flex w-full flex-col items-center gap-4" data-testid="camera">
      {failed ? (
        <p role="alert" className="alert alert-warning alert-soft w-full">
          {t('clock.cameraFailed')}
        </p>
      ) : (
        <>
          <video
            ref={video}
            className="rounded-box bg-base-300 aspect-[4/3] w-full max-w-md object-cover"
            muted
            playsInline
            aria-label={t('clock.cameraPreview')}
          />
          <p className="text-base-content/70">{t('clock.cameraHint')}</p>
        </>
      )}
      <div className="grid w-full grid-cols-2 gap-3">
        <button type="button" className="btn btn-primary btn-lg" onClick={capture} disabled={working || failed}>
          {working ? <span className="loading loading-spinner" aria-hidden="true" /> : null}
          {t('clock.takePhoto')}
        </button>
        <button type="button" className="btn btn-lg" onClick={onClose}>
          {t('clock.usePin')}
        </button>
      </div>
    </div>
  );
}
