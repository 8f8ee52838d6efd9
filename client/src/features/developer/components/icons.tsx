// Small stroke icons of the developer screens; decorative, so hidden from screen readers.

import './icons.css';

function Icon({ d, className }: { d: string; className?: string }) {
  return (
    <svg className={['dev-icon', className].filter(Boolean).join(' ')} viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

export const EyeIcon = () => <Icon d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" />;
export const EyeOffIcon = () => (
  <Icon d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
);
export const RefreshIcon = () => <Icon d="M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4" />;
export const SendIcon = () => <Icon d="M21 3 10 14M21 3l-7 18-4-7-7-4z" />;
export const ChevronIcon = ({ open }: { open: boolean }) => <Icon d={open ? 'M6 9l6 6 6-6' : 'M9 6l6 6-6 6'} className="dev-icon-chevron" />;
export const ExternalIcon = () => <Icon d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />;
