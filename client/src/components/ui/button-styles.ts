import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'success' | 'outline';
export type ButtonSize = 'regular' | 'large';

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** Shared by Button and ButtonLink so a link can look exactly like a button. */
export function buttonClassName({ variant = 'primary', size = 'regular', block = false }: ButtonStyleProps, extra?: string): string {
  return ['btn', `btn-${variant}`, `btn-${size}`, block ? 'btn-block' : '', extra ?? ''].filter(Boolean).join(' ');
}
