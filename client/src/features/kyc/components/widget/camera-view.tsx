import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';

import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { CameraError, deviceLabelOf, openCamera, stopCamera, watchFrames, type CameraFacing, type CaptureReport } from '../../lib/camera';
import { captureVideoFrame, PhotoError } from '../../lib/image-processing';
import { CameraIcon } from './icons';

/**
 * The live camera preview with a framing guide and a capture button. The stream is
 * stopped as soon as the view goes away, so the camera light goes off.
 */
export function CameraView({
  facing,
  guide,
  captureLabel,
  hint,
  overlay,
  onCapture,
  onCancel,
  onError,
}: {
  facing: CameraFacing;
  guide: 'document' | 'face';
  captureLabel: string;
  hint: string;
  /** Drawn over the live picture once it shows (e.g. the arrow of the pose challenge). */
  overlay?: ReactNode;
  /** The photo, and how it was captured (the camera's label, the last frames' timing). */
  onCapture: (dataUrl: string, report: CaptureReport) => void;
  onCancel: () => void;
  onError: (error: CameraError | PhotoError) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const frames = useRef<ReturnType<typeof watchFrames> | null>(null);
  const [ready, setReady] = useState(false);
  const reportCameraError = useEffectEvent((error: CameraError) => onError(error));

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    openCamera(facing).then(
      (opened) => {
        if (cancelled) {
          stopCamera(opened);
          return;
        }
        stream = opened;
        const element = video.current;
        if (!element) return;
        element.srcObject = opened;
        frames.current = watchFrames(element);
        element.play().catch(() => undefined);
      },
      (error: unknown) => {
        if (!cancelled) reportCameraError(error instanceof CameraError ? error : new CameraError('failed'));
      },
    );
    return () => {
      cancelled = true;
      frames.current?.stop();
      frames.current = null;
      stopCamera(stream);
    };
  }, [facing]);

  const capture = () => {
    if (!video.current) return;
    try {
      const stream = video.current.srcObject as MediaStream | null;
      onCapture(captureVideoFrame(video.current), {
        source: 'camera',
        deviceLabel: deviceLabelOf(stream),
        frameIntervalsMs: frames.current?.intervals() ?? [],
      });
    } catch (error) {
      onError(error instanceof PhotoError ? error : new PhotoError('The photo could not be taken.'));
    }
  };

  return (
    <div className="kyc-camera">
      <div className={`kyc-camera-frame kyc-camera-frame-${guide}`}>
        <video
          ref={video}
          className={facing === 'user' ? 'kyc-camera-video kyc-camera-mirrored' : 'kyc-camera-video'}
          autoPlay
          playsInline
          muted
          onLoadedData={() => setReady(true)}
          aria-label="Camera preview"
        />
        <div className="kyc-camera-guide" aria-hidden="true" />
        {ready && overlay}
        {ready && <p className="kyc-camera-hint">{hint}</p>}
        {!ready && (
          <div className="kyc-camera-starting" role="status">
            <Spinner />
            <span>Starting the camera…</span>
          </div>
        )}
      </div>
      <div className="kyc-camera-controls">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="large" onClick={capture} disabled={!ready}>
          <CameraIcon />
          {captureLabel}
        </Button>
      </div>
    </div>
  );
}
