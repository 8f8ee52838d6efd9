import type { ApplicantCheckDto } from '../../../api/generated/types.gen';

/** A character of the machine-readable zone in doubt, where it lies on the photo it was read from (fractions). */
export interface DoubtMark {
  side: string | null;
  /** 1, 2 …: the number drawn beside its outline and in the list under the photo. */
  number: number;
  label: string;
  region: { x: number; y: number; width: number; height: number };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isFraction = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;

/**
 * The characters in doubt of the `document-read` check's evidence that carry their place on
 * the photo (reads written before they did carry none), numbered in reading order.
 */
export function zoneDoubtMarks(checks: readonly ApplicantCheckDto[] | undefined): DoubtMark[] {
  const evidence = checks?.find((check) => check.name === 'document-read')?.evidence;
  if (!isRecord(evidence) || !Array.isArray(evidence.doubtful)) return [];
  const side = typeof evidence.side === 'string' ? evidence.side : null;
  const placed = evidence.doubtful.flatMap((cell: unknown) => {
    if (!isRecord(cell) || !isRecord(cell.region)) return [];
    const { line, column, read, rivals, region } = cell;
    const { x, y, width, height } = region;
    if (typeof line !== 'number' || typeof column !== 'number' || typeof read !== 'string') return [];
    if (!isFraction(x) || !isFraction(y) || !isFraction(width) || !isFraction(height)) return [];
    const others = Array.isArray(rivals) ? rivals.filter((rival): rival is string => typeof rival === 'string') : [];
    return [{ line, column, read, others, region: { x, y, width, height } }];
  });
  placed.sort((a, b) => a.line - b.line || a.column - b.column);
  return placed.map((cell, index) => ({
    side,
    number: index + 1,
    label: `line ${cell.line + 1}, column ${cell.column + 1}: read ${cell.read}${cell.others.length > 0 ? `, or ${cell.others.join(' or ')}` : ''}`,
    region: cell.region,
  }));
}
