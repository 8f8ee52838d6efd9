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
