import { AutoComplete, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveSmartSearch, useSmartSearchHistory } from './preference-api';

export interface SmartSearchInputProps {
  value: string;
  onChange: (text: string) => void;
  /** Runs the search; a non-empty text is also saved to the user's smart search history. */
  onSearch: (text: string) => void;
  placeholder?: string;
  width?: number;
}

/** The smart search box: free text with the user's recent searches offered as suggestions. */
export function SmartSearchInput({
  value,
  onChange,
  onSearch,
  placeholder,
  width = 360,
}: SmartSearchInputProps) {
  const { t } = useTranslation('list');
  const history = useSmartSearchHistory();
  const remember = useSaveSmartSearch();
  const needle = value.trim().toLowerCase();
  const recent = (history.data ?? []).filter((h) => !needle || h.search_text.toLowerCase().includes(needle));

  const run = (text: string) => {
    const trimmed = text.trim();
    if (trimmed) remember.mutate(trimmed);
    onSearch(trimmed);
  };

  return (
    <AutoComplete
      value={value}
      onChange={(v: string) => onChange(v ?? '')}
      onSelect={(v: string) => {
        onChange(v);
        run(v);
      }}
      options={
        recent.length
          ? [
              {
                label: t('smartSearch.recent'),
                options: recent.map((h) => ({
                  value: h.search_text,
                  label: <span data-testid="search-history-option">{h.search_text}</span>,
                })),
              },
            ]
          : []
      }
      defaultActiveFirstOption={false}
      style={{ width }}
      data-testid="smart-search"
    >
      <Input.Search
        placeholder={placeholder ?? t('searchPlaceholder')}
        aria-label={t('search')}
        enterButton={t('search')}
        allowClear
        onSearch={(v) => run(v)}
        data-testid="search-input"
      />
    </AutoComplete>
  );
}
