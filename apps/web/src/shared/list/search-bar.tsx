import { ReloadOutlined } from '@ant-design/icons';
import { filtersToParam } from '@portal/contracts';
import { Flex } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { CUSTOM_FILTER_PARAM, type CustomFilterField, parseFilterParam } from './custom-filter';
import { CustomFilterBuilder } from './custom-filter-builder';
import { SmartSearchInput } from './smart-search-input';
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
  /**
   * Fields of the custom filter builder; the rules travel in the list filter `filters` (declare it in
   * the list's filters with `null`, any text) and reach the server as the `filters` query parameter.
   */
  customFilterFields?: CustomFilterField[];
  /** The shortest search text the list's server accepts (SmartSearchInput minChars). */
  minSearchChars?: number;
}

/**
 * Smart search with the user's search history (Enter or the button searches), select filters (apply at
 * once), an optional custom filter builder, and Reset.
 */
export function SearchBar<F extends string>({
  list,
  filters = [],
  placeholder,
  extra,
  customFilterFields,
  minSearchChars,
}: SearchBarProps<F>) {
  const { t } = useTranslation('list');
  const { state } = list;
  const [text, setText] = useState(state.q ?? '');
  // Back/forward or a link changes the URL: show its search text.
  useEffect(() => setText(state.q ?? ''), [state.q]);

  return (
    <Flex gap={8} wrap align="center" role="search" data-testid="search-bar">
      <SmartSearchInput
        value={text}
        onChange={setText}
        onSearch={(v) => list.setState({ q: v })}
        placeholder={placeholder}
        minChars={minSearchChars}
      />
      {/* Native selects (issue 20: antd's Select was a list's heaviest first-load piece); the empty
          choice, named by the filter, clears it. */}
      {filters.map((f) => (
        <select
          key={f.name}
          className="portal-native-select"
          value={state.filters[f.name] ?? ''}
          data-empty={state.filters[f.name] ? undefined : ''}
          onChange={(e) =>
            list.setState({
              filters: { [f.name]: e.target.value || undefined } as Partial<Record<F, string>>,
            })
          }
          aria-label={f.label}
          style={{ width: f.width ?? 160 }}
          data-testid={`filter-${f.name}`}
        >
          <option value="">{f.label}</option>
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ))}
      {customFilterFields && (
        <CustomFilterBuilder
          fields={customFilterFields}
          value={parseFilterParam((state.filters as Partial<Record<string, string>>)[CUSTOM_FILTER_PARAM])}
          onApply={(rules) =>
            list.setState({
              filters: { [CUSTOM_FILTER_PARAM]: filtersToParam(rules) } as Partial<Record<F, string>>,
            })
          }
        />
      )}
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
