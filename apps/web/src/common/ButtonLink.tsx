import { Button, type ButtonProps } from 'antd';
import { type To, useHref, useLinkClickHandler } from 'react-router';

type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: To };

/**
 * A link that looks like a button: a real <a href> (open in a new tab, copy the address, read
 * as a link), navigating inside the app on a plain click.
 */
export function ButtonLink({ to, target, ...props }: ButtonLinkProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLElement>(to, { target });
  return <Button {...props} href={href} target={target} onClick={handleClick} />;
}
