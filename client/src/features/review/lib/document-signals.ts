import type { ApplicantCheckDto } from '../../../api/generated/types.gen';

/** A suspected document liveness signal on one photo, with the part of the photo (fractions) that raised it. */
export interface SignalMark {
  side: string | null;
  kind: 'screen' | 'print' | 'edited';
  label: string;
  region: { x: number; y: number; width: number; height: number } | null;
}

const SIGNAL_LABELS: Readonly<Record<SignalMark['kind'], string>> = {
  screen: 'Suspected screen capture',
  print: 'Suspected print or photocopy',
  edited: 'Suspected edited image',
};

/** Said with every mark: what the reviewer sees is a signal for them to judge. */
export const SIGNAL_NOT_CERTIFICATION = 'a signal, not a certification';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isFraction = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;

function regionOf(value: unknown): SignalMark['region'] {
  if (!isRecord(value)) return null;
  const { x, y, width, height } = value;
  return isFraction(x) && isFraction(y) && isFraction(width) && isFraction(height) ? { x, y, width, height } : null;
}

/** The suspected signals the `document-liveness` check's evidence holds, photo by photo (none when it holds none). */
export function documentSignalMarks(checks: readonly ApplicantCheckDto[] | undefined): SignalMark[] {
  const check = checks?.find((candidate) => candidate.name === 'document-liveness');
  const photos = check?.evidence?.photos;
  if (!Array.isArray(photos)) return [];
  return photos.flatMap((photo: unknown) => {
    if (!isRecord(photo) || !Array.isArray(photo.signals)) return [];
    const side = typeof photo.side === 'string' ? photo.side : null;
    return photo.signals.flatMap((signal: unknown) => {
      if (!isRecord(signal) || signal.suspected !== true || !(typeof signal.kind === 'string' && signal.kind in SIGNAL_LABELS)) return [];
      const kind = signal.kind as SignalMark['kind'];
      return [{ side, kind, label: SIGNAL_LABELS[kind], region: regionOf(signal.region) }];
    });
  });
}
