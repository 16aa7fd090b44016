import { CheckOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';

/**
 * The steps of a wizard (issue 20: antd's `Steps` without antd): a numbered list, the current step marked
 * with `aria-current="step"`, the done ones with a check. Used by the registration wizards and the template
 * wizard.
 */
export function FormSteps({
  items,
  current = 0,
  style,
  'data-testid': testId,
}: {
  items: readonly string[];
  current?: number;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  return (
    <ol
      data-testid={testId}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '8px 24px',
        listStyle: 'none',
        margin: 0,
        padding: 0,
        ...style,
      }}
    >
      {items.map((title, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'next';
        return (
          <li
            key={title}
            aria-current={state === 'current' ? 'step' : undefined}
            style={{ display: 'flex', alignItems: 'center', gap: 8 }}
          >
            <span
              aria-hidden="true"
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                width: 24,
                height: 24,
                borderRadius: '50%',
                fontSize: 12,
                border: `1px solid ${state === 'next' ? 'rgba(0,0,0,0.45)' : '#1f5fa8'}`,
                background: state === 'current' ? '#1f5fa8' : '#fff',
                color: state === 'current' ? '#fff' : state === 'done' ? '#1f5fa8' : 'rgba(0,0,0,0.65)',
              }}
            >
              {state === 'done' ? <CheckOutlined /> : i + 1}
            </span>
            <span
              style={{
                fontWeight: state === 'current' ? 600 : undefined,
                color: state === 'next' ? 'rgba(0,0,0,0.65)' : 'rgba(0,0,0,0.88)',
              }}
            >
              {title}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
