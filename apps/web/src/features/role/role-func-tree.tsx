import type { TFuncCatalogue } from '@portal/contracts';
import { Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const MENU_PREFIX = 'menu:';

/** The function ids as a checkbox tree grouped by menu id; an antd Form control holding the checked ids. */
export function RoleFuncTree(props: {
  catalogue: TFuncCatalogue;
  value?: string[];
  onChange?: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('role');
  const treeData = useMemo(() => {
    const menus = new Map<string, TFuncCatalogue>();
    for (const f of props.catalogue) menus.set(f.menu_id, [...(menus.get(f.menu_id) ?? []), f]);
    return [...menus.entries()].map(([menu, fs]) => ({
      key: `${MENU_PREFIX}${menu}`,
      title: <span data-testid={`role-menu-${menu}`}>{t(`menu.${menu}`, { defaultValue: menu })}</span>,
      children: fs.map((f) => ({
        key: f.func_id,
        title: (
          <span data-testid={`role-func-${f.func_id}`}>
            <code>{f.func_id}</code> — {f.description}
          </span>
        ),
      })),
    }));
  }, [props.catalogue, t]);
  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      disabled={props.disabled}
      treeData={treeData}
      checkedKeys={props.value ?? []}
      onCheck={(checked) => {
        const keys = Array.isArray(checked) ? checked : checked.checked;
        props.onChange?.(
          keys
            .map(String)
            .filter((k) => !k.startsWith(MENU_PREFIX))
            .sort(),
        );
      }}
      data-testid="role-func-tree"
    />
  );
}
