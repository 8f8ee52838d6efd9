import { useState } from 'react';

import type { ApplicantImageDto, PhotoMeasuresDto } from '../../../api/generated/types.gen';
import { Button } from '../../../components/ui/button';
import { Magnifier } from '../../../components/ui/magnifier';
import { MAGNIFIER_DEFAULT_SIZE, MAGNIFIER_DEFAULT_ZOOM, MAGNIFIER_DOCUMENT_SIZE, MAGNIFIER_DOCUMENT_ZOOM } from '../../../config/constants';
import { imageCaption } from '../../../lib/applicant-labels';
import { SIGNAL_NOT_CERTIFICATION, type SignalMark } from '../lib/document-signals';
import type { DoubtMark } from '../lib/zone-doubt-marks';
import { CompareFaces } from './compare-faces';
import { ImageViewer } from './image-viewer';

import './document-images.css';

type Image = ApplicantImageDto;

const SIDE_ORDER: Readonly<Record<string, number>> = { front: 0, back: 1, turned: 3 };

/** Documents before the selfie, each front before its back (the server sorts sides by name); the turned selfie last. */
export function orderImages(images: readonly Image[]): Image[] {
  const rank = (image: Image) => (image.docType === 'SELFIE' ? 1 : 0);
  return [...images].sort(
    (a, b) => rank(a) - rank(b) || a.docType.localeCompare(b.docType) || (SIDE_ORDER[a.side ?? ''] ?? 2) - (SIDE_ORDER[b.side ?? ''] ?? 2),
  );
}

const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0, useGrouping: false });
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** The photos "Compare faces" shows: the first document's front (its portrait) and the selfie facing the camera, when there are both. */
export function facesToCompare(ordered: readonly Image[]): { document: Image; selfie: Image } | null {
  const document = ordered.find((image) => image.docType !== 'SELFIE' && image.side === 'front');
  const selfie = ordered.find((image) => image.docType === 'SELFIE' && image.side !== 'turned');
  return document && selfie ? { document, selfie } : null;
}

/** The measures taken at upload, in one line. */
export function measuresLine(quality: PhotoMeasuresDto): string {
  return `Sharpness ${whole.format(quality.sharpness)} · glare ${percent.format(quality.glare)} · brightness ${whole.format(quality.brightness)} · ${quality.width} × ${quality.height} px`;
}

/** A part of the photo outlined over it, placed through React's style prop (CSSOM), which the strict CSP allows. */
const placed = (region: DoubtMark['region']) => ({
  left: `${region.x * 100}%`,
  top: `${region.y * 100}%`,
  width: `${region.width * 100}%`,
  height: `${region.height * 100}%`,
});

/**
 * Each document image with its caption (and its measures at upload); hovering shows the
 * magnifier lens, "Full screen" the photo in the image viewer (turn, zoom, move, brightness
 * and contrast), "Compare faces" the selfie beside the document's front. A document liveness signal suspected on
 * a photo is named under it, as a signal, with the region that raised it outlined; each
 * character of the machine-readable zone in doubt is outlined and numbered on the photo
 * it was read from, and listed under it.
 */
export function DocumentImages({
  images,
  signals = [],
  doubts = [],
}: {
  images: readonly Image[];
  signals?: readonly SignalMark[];
  doubts?: readonly DoubtMark[];
}) {
  const [viewing, setViewing] = useState<Image | null>(null);
  const [comparing, setComparing] = useState(false);
  if (images.length === 0) {
    return <p className="document-images-empty">No document images yet.</p>;
  }
  const ordered = orderImages(images);
  const faces = facesToCompare(ordered);
  return (
    <div className="document-images">
      {faces && (
        <Button variant="outline" className="document-images-compare" onClick={() => setComparing(true)}>
          Compare faces
        </Button>
      )}
      {ordered.map((image) => {
        const caption = imageCaption(image.docType, image.side);
        // Documents have small print and get the stronger lens; a selfie keeps the default.
        const isDocument = image.docType !== 'SELFIE';
        const marks = isDocument ? signals.filter((mark) => mark.side === image.side) : [];
        const inDoubt = isDocument ? doubts.filter((mark) => mark.side === image.side) : [];
        return (
          <figure key={image.id} className={isDocument ? 'document-image' : 'document-image document-image-selfie'}>
            <div className="document-image-frame">
              <Magnifier
                src={image.url}
                alt={caption}
                zoom={isDocument ? MAGNIFIER_DOCUMENT_ZOOM : MAGNIFIER_DEFAULT_ZOOM}
                size={isDocument ? MAGNIFIER_DOCUMENT_SIZE : MAGNIFIER_DEFAULT_SIZE}
                className="document-image-magnifier"
              />
              {marks.map(
                (mark) =>
                  mark.region && (
                    <div
                      key={mark.kind}
                      className={`document-signal-region document-signal-${mark.kind}`}
                      data-testid={`signal-region-${mark.kind}`}
                      aria-hidden="true"
                      style={placed(mark.region)}
                    >
                      <span className="document-signal-tag">{mark.label}</span>
                    </div>
                  ),
              )}
              {inDoubt.map((mark) => (
                <div key={mark.number} className="document-doubt-region" data-testid="doubt-region" aria-hidden="true" style={placed(mark.region)}>
                  <span className="document-doubt-tag">{mark.number}</span>
                </div>
              ))}
            </div>
            {inDoubt.length > 0 && (
              <div className="document-doubts">
                <p className="document-doubts-title">Characters in doubt, outlined on the photo — no check digit guards them: compare each with the print</p>
                <ol className="document-doubts-list" aria-label={`Characters in doubt on the ${caption}`}>
                  {inDoubt.map((mark) => (
                    <li key={mark.number}>{mark.label}</li>
                  ))}
                </ol>
              </div>
            )}
            {marks.length > 0 && (
              <ul className="document-signals" aria-label={`Document liveness signals on the ${caption}`}>
                {marks.map((mark) => (
                  <li key={mark.kind} className="document-signal">
                    {mark.label} — {SIGNAL_NOT_CERTIFICATION}
                    {mark.region ? ' (outlined on the photo)' : ' (in the file’s metadata)'}
                  </li>
                ))}
              </ul>
            )}
            <figcaption className="document-image-caption">
              {caption}
              {image.quality && <span className="document-image-measures">{measuresLine(image.quality)}</span>}
              <button type="button" className="document-image-open" onClick={() => setViewing(image)}>
                Full screen<span className="visually-hidden">: {caption}</span>
              </button>
            </figcaption>
          </figure>
        );
      })}
      {viewing && <ImageViewer key={viewing.id} src={viewing.url} alt={imageCaption(viewing.docType, viewing.side)} open onClose={() => setViewing(null)} />}
      {comparing && faces && (
        <CompareFaces
          document={{ src: faces.document.url, caption: imageCaption(faces.document.docType, faces.document.side) }}
          selfie={{ src: faces.selfie.url, caption: imageCaption(faces.selfie.docType, faces.selfie.side) }}
          onClose={() => setComparing(false)}
        />
      )}
    </div>
  );
}
