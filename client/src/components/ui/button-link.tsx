import { Link, type LinkProps } from 'react-router-dom';

import { buttonClassName, type ButtonStyleProps } from './button-styles';

export type ButtonLinkProps = LinkProps & ButtonStyleProps;

export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}
