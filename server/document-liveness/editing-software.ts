/** Programs that write their name into what they save, as editors of a photo (not cameras or phones). */
const EDITORS =
  /adobe photoshop|photoshop|lightroom|gimp|pixelmator|paint\.net|affinity photo|photopea|snapseed|picsart|canva|krita|corel(draw| paintshop)|facetune/i;

/**
 * The editing program the photo's EXIF (Software, ProcessingSoftware) or XMP
 * (CreatorTool, the history's softwareAgent) names, or null. Reads the raw blocks as text:
 * the names are plain ASCII in both.
 */
export function editingSoftware(exif: Buffer | undefined, xmp: Buffer | undefined): string | null {
  for (const block of [exif, xmp]) {
    if (!block) continue;
    const text = block.toString('latin1');
    const found = EDITORS.exec(text);
    if (found) {
      // The name with what follows it on the same field (a version), printable characters only.
      const rest = text.slice(found.index, found.index + 60);
      return /^[\x20-\x7e]*/
        .exec(rest)![0]
        .replace(/[<"].*$/, '')
        .trim();
    }
  }
  return null;
}
