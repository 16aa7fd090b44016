import type { HTMLAttributes } from 'react';
import './plain-display.css';

export type PlainTagColour = 'default' | 'red' | 'gold' | 'orange' | 'green' | 'cyan' | 'blue' | 'purple';

/**
 * antd's preset Tag look without antd (issue 20): a status word or count in the theme's tag colours (palette
 * step 7 text on step 1 with a step 3 border, ≥ 4.5:1; shared/antd/theme.ts).
 */
export function PlainTag({
  colour = 'default',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { colour?: PlainTagColour; 'data-testid'?: string }) {
  const cls = colour === 'default' ? 'plain-tag' : `plain-tag plain-tag--${colour}`;
  return <span {...rest} className={className ? `${cls} ${className}` : cls} />;
}
