import { useState } from 'react';

import './avatar.css';

export type AvatarSize = 'small' | 'regular' | 'large';

export interface AvatarProps {
  /** The user's picture (`user.image.url`); falls back to the initial when it fails to load. */
  src: string | undefined;
  name: string;
  size?: AvatarSize;
}

export function Avatar({ src, name, size = 'regular' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const className = `avatar avatar-${size}`;
  if (!src || failedSrc === src) {
    return (
      <span className={`${className} avatar-initial`} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return <img className={className} src={src} alt="" onError={() => setFailedSrc(src)} />;
}
