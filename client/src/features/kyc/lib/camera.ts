export type CameraFacing = 'environment' | 'user';

export type CameraProblem = 'denied' | 'unavailable' | 'failed';

export class CameraError extends Error {
  override readonly name = 'CameraError';
  readonly problem: CameraProblem;

  constructor(problem: CameraProblem) {
    super(CAMERA_MESSAGES[problem]);
    this.problem = problem;
  }
}

export const CAMERA_MESSAGES: Record<CameraProblem, string> = {
  denied: 'Camera access was not allowed. You can upload a photo instead, or allow the camera in your browser settings and try again.',
  unavailable: "We couldn't find a camera on this device. Please upload a photo instead.",
  failed: 'The camera could not be started (another app may be using it). Please upload a photo instead.',
};

export function hasCameraSupport(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'unavailable';
  return 'failed';
}

/** The camera facing the document (back camera) or the applicant (front camera), as large as it offers. */
export async function openCamera(facing: CameraFacing): Promise<MediaStream> {
  if (!hasCameraSupport()) throw new CameraError('unavailable');
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
    });
  } catch (error) {
    throw new CameraError(problemOf(error));
  }
}

export function stopCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * How a photo was captured, sent with a selfie: the server derives the injection signals
 * from it (a virtual camera's label, a file chosen instead of the camera, frame timing no
 * camera produces). The browser's word: signals, not a certification.
 */
export interface CaptureReport {
  source: 'camera' | 'file';
  deviceLabel: string | null;
  frameIntervalsMs: number[];
}

/** A file chosen from the device: no camera, no frames. */
export const FILE_CAPTURE: CaptureReport = { source: 'file', deviceLabel: null, frameIntervalsMs: [] };

/** The intervals kept: the last this many frames before the capture. */
const KEPT_INTERVALS = 30;

/** The camera track's label (empty until the camera is allowed; null then). */
export function deviceLabelOf(stream: MediaStream | null): string | null {
  const label = stream?.getVideoTracks?.()[0]?.label ?? '';
  return label.trim() ? label.slice(0, 200) : null;
}

type FrameCallback = (now: number, metadata: { mediaTime?: number; captureTime?: number }) => void;
type FrameVideo = HTMLVideoElement & { requestVideoFrameCallback?: (callback: FrameCallback) => number; cancelVideoFrameCallback?: (handle: number) => void };

/**
 * Watches the frames the video element receives (requestVideoFrameCallback, where the browser
 * has it: the frame's capture time when the camera gives one, else its media time) and keeps
 * the intervals between the last ones. Without the API it measures nothing (no signal).
 */
export function watchFrames(element: HTMLVideoElement): { intervals(): number[]; stop(): void } {
  const video = element as FrameVideo;
  const intervals: number[] = [];
  let last: number | null = null;
  let handle: number | null = null;
  const onFrame: FrameCallback = (now, metadata) => {
    const at = metadata.captureTime ?? (metadata.mediaTime !== undefined ? metadata.mediaTime * 1000 : now);
    if (last !== null) {
      intervals.push(Math.round((at - last) * 1000) / 1000);
      if (intervals.length > KEPT_INTERVALS) intervals.shift();
    }
    last = at;
    handle = video.requestVideoFrameCallback!(onFrame);
  };
  if (typeof video.requestVideoFrameCallback === 'function') handle = video.requestVideoFrameCallback(onFrame);
  return {
    intervals: () => [...intervals],
    stop: () => {
      if (handle !== null) video.cancelVideoFrameCallback?.(handle);
      handle = null;
    },
  };
}
