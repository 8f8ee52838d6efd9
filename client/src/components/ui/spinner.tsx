import './spinner.css';

export function Spinner({ size = 'regular' }: { size?: 'small' | 'regular' | 'large' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
}
