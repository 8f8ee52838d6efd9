import type { ButtonHTMLAttributes } from 'react';

import { buttonClassName, type ButtonStyleProps } from './button-styles';
import { Spinner } from './spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {
  isLoading?: boolean;
}

export function Button({ variant, size, block, isLoading = false, disabled, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading && <Spinner size="small" />}
      {children}
    </button>
  );
}
