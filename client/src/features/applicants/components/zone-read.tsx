import './zone-read.css';

interface DoubtfulCharacter {
  line: number;
  column: number;
  read: string;
  rivals: string[];
}

/** The zone's lines and its characters in doubt, from a document-read check's evidence (null when it carries no zone). */
export function zoneOf(evidence: Record<string, unknown> | null): { lines: string[]; doubtful: DoubtfulCharacter[] } | null {
  const lines = evidence?.zone;
  if (!Array.isArray(lines) || !lines.every((line) => typeof line === 'string')) return null;
  const doubtful = Array.isArray(evidence?.doubtful) ? (evidence.doubtful as DoubtfulCharacter[]) : [];
  return { lines: lines as string[], doubtful };
}

const doubtText = (cell: DoubtfulCharacter) =>
  `in doubt: read ${cell.read}${cell.rivals.length > 0 ? `, or ${cell.rivals.join(' or ')}` : ''} (line ${cell.line + 1}, column ${cell.column + 1})`;

/**
 * The machine-readable zone as read, in the zone's own fixed pitch, each character in
 * doubt marked: no check digit guards it, so the reviewer compares it with the photo.
 */
export function ZoneRead({ lines, doubtful }: { lines: readonly string[]; doubtful: readonly DoubtfulCharacter[] }) {
  const doubtAt = new Map(doubtful.map((cell) => [`${cell.line}:${cell.column}`, cell]));
  return (
    <figure className="zone-read">
      {/* Focusable: on a narrow screen the zone scrolls sideways, and a keyboard user must be able to scroll it. */}
      <pre className="zone-read-lines" aria-label="Machine-readable zone as read" tabIndex={0}>
        {lines.map((line, lineIndex) => (
          <span key={lineIndex} className="zone-read-line">
            {[...line].map((character, column) => {
              const cell = doubtAt.get(`${lineIndex}:${column}`);
              return cell ? (
                <mark key={column} className="zone-read-doubt" title={doubtText(cell)}>
                  {character}
                  <span className="visually-hidden"> ({doubtText(cell)})</span>
                </mark>
              ) : (
                character
              );
            })}
          </span>
        ))}
      </pre>
      {doubtful.length > 0 && (
        <figcaption className="zone-read-caption">
          {doubtful.length === 1 ? 'The marked character is' : `The ${doubtful.length} marked characters are`} in doubt: no check digit guards{' '}
          {doubtful.length === 1 ? 'it' : 'them'}. Compare with the photo before deciding.
        </figcaption>
      )}
    </figure>
  );
}
