import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from './plain-button';
import './plain.css';
import './plain-display.css';

interface Props {
  /** Runs the search with the trimmed text; an emptied box (its × or select-all-delete) runs it with ''. */
  onSearch: (text: string) => void;
  /** The box's placeholder and accessible name. */
  label: string;
  maxWidth?: number;
  /** The most characters the box takes. */
  maxLength?: number;
  /** On the search landmark (the input is its `input`), as antd's Input.Search put it on its wrapper. */
  'data-testid'?: string;
}

/**
 * A search box without antd (issue 20: antd's Input.Search brought Input, Space.Compact and Button styles to a
 * screen's first load): a search landmark holding a native search input and its attached search button. Enter or the
 * button searches; emptying the box lists everything again, as antd's allowClear did.
 */
export function PlainSearch({ onSearch, label, maxWidth = 360, maxLength, 'data-testid': testId }: Props) {
  const { t } = useTranslation('list');
  const [text, setText] = useState('');
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is not in React's DOM types yet; the role names the same landmark
    <form
      role="search"
      className="plain-search plain-search-group"
      style={{ maxWidth }}
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <input
        type="search"
        className="plain-input"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value) onSearch('');
        }}
        placeholder={label}
        aria-label={label}
        maxLength={maxLength}
      />
      <PlainButton type="submit" aria-label={t('search')}>
        <SearchOutlined />
      </PlainButton>
    </form>
  );
}
