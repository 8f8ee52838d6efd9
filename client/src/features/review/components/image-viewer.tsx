import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

import './image-viewer.css';

/** Zoom steps; 50 % and 75 % fit a photo turned sideways into a wide screen. */
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
const FIT = ZOOMS.indexOf(1);
/** One arrow key press moves the photo by this share of its fitted size (percent); with Shift, by more. */
const PAN_STEP = 10;
const PAN_STEP_LARGE = 30;
/** Brightness and contrast, in percent of the photo's own (CSS filters). */
const ADJUST = { min: 50, max: 200, step: 5, initial: 100 } as const;

interface Pan {
  x: number;
  y: number;
}

const ARROWS: Readonly<Record<string, Pan>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** Keeps the photo's centre within its own zoomed half-size of the stage's centre: some of it always stays in view. */
function clampPan(pan: Pan, zoom: number): Pan {
  const limit = 50 * zoom;
  const clamp = (value: number) => Math.max(-limit, Math.min(limit, value));
  return { x: clamp(pan.x), y: clamp(pan.y) };
}

/**
 * A document photo or selfie full screen, for what the hover lens cannot show: turned in
 * quarter turns, zoomed in steps and moved (dragged, or with the arrow keys once the photo
 * has the focus; + and − zoom, 0 fits it again), with its brightness and contrast
 * adjusted. The photo is drawn with CSS transforms and filters, never re-encoded: nothing
 * is saved. Escape closes it (the dialog's own key).
 */
export function ImageViewer({ src, alt, open, onClose }: { src: string; alt: string; open: boolean; onClose: () => void }) {
  const hintId = useId();
  const controlsId = useId();
  const [quarterTurns, setQuarterTurns] = useState(0);
  const [zoomIndex, setZoomIndex] = useState(FIT);
  const [pan, setPan] = useState<Pan>({ x: 0, y: 0 });
  const [brightness, setBrightness] = useState<number>(ADJUST.initial);
  const [contrast, setContrast] = useState<number>(ADJUST.initial);
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ pointerX: number; pointerY: number; from: Pan } | null>(null);
  const zoom = ZOOMS[zoomIndex];
  const degrees = (quarterTurns % 4) * 90;

  const zoomTo = (index: number) => {
    const next = Math.max(0, Math.min(ZOOMS.length - 1, index));
    setZoomIndex(next);
    setPan((current) => clampPan(current, ZOOMS[next]));
  };
  const resetZoom = () => {
    setZoomIndex(FIT);
    setPan({ x: 0, y: 0 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      const step = event.shiftKey ? PAN_STEP_LARGE : PAN_STEP;
      setPan((current) => clampPan({ x: current.x + arrow.x * step, y: current.y + arrow.y * step }, zoom));
    } else if (event.key === '+' || event.key === '=') zoomTo(zoomIndex + 1);
    else if (event.key === '-') zoomTo(zoomIndex - 1);
    else if (event.key === '0') resetZoom();
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, from: pan };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    const photo = image.current;
    if (!start || !photo?.offsetWidth || !photo.offsetHeight) return;
    // The pan is a share of the photo's fitted (untransformed) size: pixels dragged over it.
    const moved = {
      x: start.from.x + ((event.clientX - start.pointerX) / photo.offsetWidth) * 100,
      y: start.from.y + ((event.clientY - start.pointerY) / photo.offsetHeight) * 100,
    };
    setPan(clampPan(moved, zoom));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const percent = (value: number) => `${Math.round(value * 100)} %`;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={alt}
      size="full"
      footer={
        <div className="image-viewer-controls">
          <div className="image-viewer-group" role="group" aria-label="Turn">
            <Button variant="outline" onClick={() => setQuarterTurns((turns) => turns + 3)}>
              Rotate left
            </Button>
            <Button variant="outline" onClick={() => setQuarterTurns((turns) => turns + 1)}>
              Rotate right
            </Button>
          </div>
          <div className="image-viewer-group" role="group" aria-label="Zoom">
            <Button variant="outline" onClick={() => zoomTo(zoomIndex - 1)} disabled={zoomIndex === 0}>
              Zoom out
            </Button>
            <span className="image-viewer-zoom" aria-live="polite">
              {percent(zoom)}
            </span>
            <Button variant="outline" onClick={() => zoomTo(zoomIndex + 1)} disabled={zoomIndex === ZOOMS.length - 1}>
              Zoom in
            </Button>
            <Button variant="outline" onClick={resetZoom}>
              Reset zoom
            </Button>
          </div>
          <div className="image-viewer-group" role="group" aria-label="Brightness and contrast">
            <div className="image-viewer-slider">
              <label htmlFor={`${controlsId}-brightness`}>Brightness</label>
              <input
                id={`${controlsId}-brightness`}
                type="range"
                min={ADJUST.min}
                max={ADJUST.max}
                step={ADJUST.step}
                value={brightness}
                aria-valuetext={`${brightness} %`}
                onChange={(event) => setBrightness(Number(event.target.value))}
              />
              <output htmlFor={`${controlsId}-brightness`}>{brightness} %</output>
            </div>
            <div className="image-viewer-slider">
              <label htmlFor={`${controlsId}-contrast`}>Contrast</label>
              <input
                id={`${controlsId}-contrast`}
                type="range"
                min={ADJUST.min}
                max={ADJUST.max}
                step={ADJUST.step}
                value={contrast}
                aria-valuetext={`${contrast} %`}
                onChange={(event) => setContrast(Number(event.target.value))}
              />
              <output htmlFor={`${controlsId}-contrast`}>{contrast} %</output>
            </div>
            <Button
              variant="outline"
              onClick={() => {
                setBrightness(ADJUST.initial);
                setContrast(ADJUST.initial);
              }}
              disabled={brightness === ADJUST.initial && contrast === ADJUST.initial}
            >
              Reset brightness &amp; contrast
            </Button>
          </div>
        </div>
      }
    >
      <p id={hintId} className="image-viewer-hint">
        Drag the photo, or focus it and use the arrow keys, to move it; + and − zoom, 0 fits it again.
      </p>
      <div
        className="image-viewer-stage"
        tabIndex={0}
        role="region"
        aria-label={`${alt}, rotated ${degrees}°, ${percent(zoom)}`}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        {/* Through React's style prop (CSSOM), which the strict CSP allows. */}
        <img
          ref={image}
          src={src}
          alt={alt}
          draggable={false}
          className="image-viewer-image"
          style={{
            transform: `translate(${pan.x}%, ${pan.y}%) scale(${zoom}) rotate(${degrees}deg)`,
            filter: `brightness(${brightness}%) contrast(${contrast}%)`,
          }}
          data-rotation={degrees}
        />
      </div>
    </Modal>
  );
}
