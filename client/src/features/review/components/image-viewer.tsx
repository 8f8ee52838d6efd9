import { useState } from 'react';

import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

import './image-viewer.css';

const ZOOMS = [1, 1.5, 2, 3, 4] as const;

/**
 * A document photo at full size, turned in quarter turns and zoomed in steps: for a photo
 * taken sideways or small print the hover lens cannot reach. The image is drawn, not
 * re-encoded: nothing is saved.
 */
export function ImageViewer({ src, alt, open, onClose }: { src: string; alt: string; open: boolean; onClose: () => void }) {
  const [quarterTurns, setQuarterTurns] = useState(0);
  const [zoomIndex, setZoomIndex] = useState(0);
  const zoom = ZOOMS[zoomIndex];
  const degrees = (quarterTurns % 4) * 90;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={alt}
      size="large"
      footer={
        <div className="image-viewer-controls" role="group" aria-label="Image controls">
          <Button variant="outline" onClick={() => setQuarterTurns((turns) => turns + 3)}>
            Rotate left
          </Button>
          <Button variant="outline" onClick={() => setQuarterTurns((turns) => turns + 1)}>
            Rotate right
          </Button>
          <Button variant="outline" onClick={() => setZoomIndex((index) => Math.max(0, index - 1))} disabled={zoomIndex === 0}>
            Zoom out
          </Button>
          <span className="image-viewer-zoom" aria-live="polite">
            {Math.round(zoom * 100)} %
          </span>
          <Button variant="outline" onClick={() => setZoomIndex((index) => Math.min(ZOOMS.length - 1, index + 1))} disabled={zoomIndex === ZOOMS.length - 1}>
            Zoom in
          </Button>
        </div>
      }
    >
      <div className="image-viewer-stage" tabIndex={0} role="region" aria-label={`${alt}, rotated ${degrees}°, ${Math.round(zoom * 100)} %`}>
        {/* Through React's style prop (CSSOM), which the strict CSP allows. */}
        <img
          src={src}
          alt={alt}
          className="image-viewer-image"
          style={{ width: `${zoom * 100}%`, transform: `rotate(${degrees}deg)` }}
          data-rotation={degrees}
        />
      </div>
    </Modal>
  );
}
