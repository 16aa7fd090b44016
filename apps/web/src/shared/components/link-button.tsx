import { Button, type ButtonProps } from '../button';
import './link-button.css';

/**
 * A real <button> that looks like inline link text, for text that opens something on the page (a modal, a
 * panel) rather than going to a URL: focusable and activated by Enter/Space (WCAG 2.1.1, 4.1.2). antd's
 * `Typography.Link` without `href` renders an <a> that the keyboard cannot reach.
 */
export function LinkButton({ className, ...props }: Omit<ButtonProps, 'type'>) {
  return (
    <Button
      {...props}
      type="link"
      className={className ? `portal-link-button ${className}` : 'portal-link-button'}
    />
  );
}
