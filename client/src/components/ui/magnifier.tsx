import { useState, type MouseEvent } from 'react';

import { MAGNIFIER_DEFAULT_SIZE, MAGNIFIER_DEFAULT_ZOOM } from '../../config/constants';

import './magnifier.css';

export interface MagnifierProps {
  src: string;
  alt: string;
  /** Lens magnification; documents use 3. */
  zoom?: number;
  /** Lens diameter in pixels; documents use 180. */
  size?: number;
  className?: string;
}

interface Lens {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function Magnifier({ src, alt, zoom = MAGNIFIER_DEFAULT_ZOOM, size = MAGNIFIER_DEFAULT_SIZE, className }: MagnifierProps) {
  const [lens, setLens] = useState<Lens | null>(null);

  const onMouseMove = (event: MouseEvent<HTMLImageElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setLens({
      x: event.clientX - rect.left,
      y: event.clientY - rect.top,
      width: rect.width,
      height: rect.height,
    });
  };

  return (
    <div className={['magnifier', className].filter(Boolean).join(' ')}>
      <img src={src} alt={alt} className="magnifier-image" onMouseMove={onMouseMove} onMouseLeave={() => setLens(null)} />
      {lens && (
        <div
          className="magnifier-lens"
          aria-hidden="true"
          data-testid="magnifier-lens"
          // Positioned through React's style prop (CSSOM), which the strict CSP allows.
          style={{
            width: size,
            height: size,
            left: lens.x - size / 2,
            top: lens.y - size / 2,
            backgroundImage: `url("${src}")`,
            backgroundSize: `${lens.width * zoom}px ${lens.height * zoom}px`,
            backgroundPosition: `${size / 2 - lens.x * zoom}px ${size / 2 - lens.y * zoom}px`,
          }}
        />
      )}
    </div>
  );
}
