/**
 * Injection signals (issue 35 part 4): what the verification page reports about how a selfie
 * was captured, and the signals the server derives from it — a virtual camera named by the
 * device's label, a file chosen instead of the camera, frame timing no camera produces. The
 * page's report is the browser's word, so these are signals a fraudster can hide, never a
 * certification that a capture was or was not injected.
 */
export const INJECTION_SIGNAL_KINDS = ['virtual-camera', 'file-chosen', 'frame-timing'] as const;
export type InjectionSignalKind = (typeof INJECTION_SIGNAL_KINDS)[number];

/** What the verification page says about one capture (validated at upload: kyc/dto). */
export interface CaptureReport {
  /** Taken with the page's camera view, or a file chosen from the device. */
  source: 'camera' | 'file';
  /** The camera track's label (the browser gives it once the camera is allowed); null: none or a file. */
  deviceLabel: string | null;
  /** The intervals between the last frames the camera view received before the capture (milliseconds); empty: not measured. */
  frameIntervalsMs: number[];
}

export interface InjectionSignal {
  kind: InjectionSignalKind;
  suspected: boolean;
  /** Which capture raised it: the facing selfie, the turned one. */
  captures: ('selfie' | 'turned')[];
  detail: string;
}

/** Device labels of virtual cameras (software that feeds any picture or video to the browser as a camera); matched case-insensitively. */
export const VIRTUAL_CAMERA_NAMES = [
  'OBS Virtual Camera',
  'OBS-Camera',
  'ManyCam',
  'XSplit VCam',
  'Snap Camera',
  'SplitCam',
  'e2eSoft VCam',
  'CamTwist',
  'vMix Video',
  'mmhmm',
  'Virtual Camera',
  'VirtualCam',
  'v4l2loopback',
  'Dummy video device',
  'FakeWebcam',
  'Magic Camera',
  'YouCam',
  'CyberLink Webcam Splitter',
] as const;

/** The frame timing needs this many intervals to say anything. */
const MIN_INTERVALS = 8;
/** Cameras deliver 5–120 frames a second: a median interval outside this (milliseconds) is no camera's. */
const CAMERA_INTERVAL_MS = { min: 7, max: 250 } as const;
/** A sensor's clock jitters: intervals all within this (milliseconds) of one another come from a synthetic clock. */
const EXACT_SPREAD_MS = 0.01;
/** This share of intervals zero or negative (a frame repeated, time going backwards) is no camera's. */
const REPEATED_SHARE = 0.25;

export const virtualCameraOf = (label: string | null): string | null =>
  label ? (VIRTUAL_CAMERA_NAMES.find((name) => label.toLowerCase().includes(name.toLowerCase())) ?? null) : null;

/** Why a capture's frame timing is no camera's, or null when it could be one's (or was not measured). */
export function implausibleTiming(intervals: readonly number[]): string | null {
  if (intervals.length < MIN_INTERVALS) return null;
  const sorted = [...intervals].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  if (sorted.filter((value) => value <= 0).length / sorted.length >= REPEATED_SHARE) return 'frames repeated or out of order';
  if (median < CAMERA_INTERVAL_MS.min || median > CAMERA_INTERVAL_MS.max)
    return `a frame every ${median.toFixed(1)} ms (cameras: ${CAMERA_INTERVAL_MS.min}–${CAMERA_INTERVAL_MS.max} ms)`;
  if (sorted[sorted.length - 1]! - sorted[0]! < EXACT_SPREAD_MS)
    return `${intervals.length} intervals of exactly ${median.toFixed(3)} ms (a sensor's clock jitters)`;
  return null;
}

/** The injection signals of a selfie's two captures (null: no report, e.g. an older upload or an integration's own page). */
export function injectionSignals(captures: { selfie: CaptureReport | null; turned: CaptureReport | null }): InjectionSignal[] {
  const reported = (['selfie', 'turned'] as const).filter((name) => captures[name] !== null);
  if (reported.length === 0) return [];
  const which = (test: (report: CaptureReport) => unknown) => reported.filter((name) => test(captures[name]!));
  const virtual = which((report) => virtualCameraOf(report.deviceLabel));
  const files = which((report) => report.source === 'file');
  const timing = which((report) => report.source === 'camera' && implausibleTiming(report.frameIntervalsMs));
  const labels = [...new Set(virtual.map((name) => captures[name]!.deviceLabel))].join(', ');
  const reasons = [...new Set(timing.map((name) => implausibleTiming(captures[name]!.frameIntervalsMs)))].join('; ');
  const words = (names: string[]) => names.map((name) => (name === 'selfie' ? 'the selfie' : 'the turned selfie')).join(' and ');
  return [
    {
      kind: 'virtual-camera',
      suspected: virtual.length > 0,
      captures: virtual,
      detail: virtual.length > 0 ? `${words(virtual)} came from a virtual camera (${labels})` : 'No virtual camera named by the device label',
    },
    {
      kind: 'file-chosen',
      suspected: files.length > 0,
      captures: files,
      detail:
        files.length > 0 ? `${words(files)} ${files.length > 1 ? 'were' : 'was'} chosen as a file instead of taken with the camera` : 'Taken with the camera',
    },
    {
      kind: 'frame-timing',
      suspected: timing.length > 0,
      captures: timing,
      detail: timing.length > 0 ? `Frame timing no camera produces on ${words(timing)}: ${reasons}` : 'Frame timing a camera could produce (or not measured)',
    },
  ];
}
