/**
 * The liveness check's presentation and injection signals, read from its evidence
 * (server/faces/face-checks.ts): what the reviewer is shown beside the pose challenge.
 * Signals, never a certification.
 */
export interface PresentationSignal {
  capture: 'selfie' | 'turned';
  kind: 'screen' | 'print';
  score: number | null;
  suspected: boolean;
  detail: string;
}

export interface InjectionSignal {
  kind: 'virtual-camera' | 'file-chosen' | 'frame-timing';
  suspected: boolean;
  detail: string;
}

export interface LivenessSignals {
  presentation: PresentationSignal[];
  injection: InjectionSignal[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function livenessSignalsOf(evidence: unknown): LivenessSignals {
  if (!isObject(evidence)) return { presentation: [], injection: [] };
  const presentation = list(evidence.presentation).flatMap((signal): PresentationSignal[] =>
    (signal.kind === 'screen' || signal.kind === 'print') && (signal.capture === 'selfie' || signal.capture === 'turned')
      ? [
          {
            capture: signal.capture,
            kind: signal.kind,
            score: typeof signal.score === 'number' ? signal.score : null,
            suspected: signal.suspected === true,
            detail: text(signal.detail),
          },
        ]
      : [],
  );
  const injection = list(evidence.injection).flatMap((signal): InjectionSignal[] =>
    signal.kind === 'virtual-camera' || signal.kind === 'file-chosen' || signal.kind === 'frame-timing'
      ? [{ kind: signal.kind, suspected: signal.suspected === true, detail: text(signal.detail) }]
      : [],
  );
  return { presentation, injection };
}

export const PRESENTATION_LABELS = { screen: 'Screen (sub-pixel grid, bezel)', print: 'Print (halftone)' } as const;
export const INJECTION_LABELS = {
  'virtual-camera': 'Virtual camera',
  'file-chosen': 'File chosen instead of the camera',
  'frame-timing': 'Frame timing',
} as const;
