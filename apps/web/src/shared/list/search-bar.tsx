import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListQuery } from './use-list-query';

/** A select filter: the URL/query name, its label and its options (already translated). */
export interface FilterDef<F extends string> {
  name: F;
  label: string;
  options: { value: string; label: string }[];
  width?: number;
}

export interface SearchBarProps<F extends string> {
  list: Pick<ListQuery<unknown, F>, 'state' | 'setState' | 'reset'>;
  filters?: FilterDef<F>[];
  /** Placeholder of the free-text box, e.g. "Code, SCAC or name". */
  placeholder?: string;
  /** Shown at the end of the row (e.g. a "New" button). */
  extra?: ReactNode;
}

/** Free-text search (Enter or the button searches) plus select filters (apply at once) and Reset. */
export function SearchBar<F extends string>({ list, filters = [], placeholder, extra }: SearchBarProps<F>) {
  const { t } = useTranslation('list');
  const { state } = list;
  const [text, setText] = useState(state.q ?? '');
  // Back/forward or a link changes the URL: show its search text.
  useEffect(() => setText(state.q ?? ''), [state.q]);

  return (
    <Flex gap={8} wrap align="center" role="search" data-testid="search-bar">
      <Input.Search
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => list.setState({ q: v })}
        placeholder={placeholder ?? t('searchPlaceholder')}
        aria-label={t('search')}
        enterButton={t('search')}
        allowClear
        style={{ width: 360 }}
        data-testid="search-input"
      />
      {filters.map((f) => (
        <Select
          key={f.name}
          value={state.filters[f.name]}
          onChange={(v?: string) => list.setState({ filters: { [f.name]: v } as Partial<Record<F, string>> })}
          options={f.options}
          placeholder={f.label}
          aria-label={f.label}
          allowClear
          style={{ width: f.width ?? 160 }}
          data-testid={`filter-${f.name}`}
        />
      ))}
      <Button
        icon={<ReloadOutlined />}
        onClick={() => {
          setText('');
          list.reset();
        }}
        data-testid="search-reset"
      >
        {t('reset')}
      </Button>
      {extra && <Flex style={{ marginInlineStart: 'auto' }}>{extra}</Flex>}
    </Flex>
  );
}
