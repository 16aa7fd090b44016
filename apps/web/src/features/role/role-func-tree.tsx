import type { TFuncCatalogue } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDisabled } from '../../shared/plain/form-disabled';
import '../../shared/plain/plain.css';
import '../../shared/plain/plain-form-controls.css';
import { funcMenus, menuCheck, withIds } from './role-form-values';
import './role-func-tree.css';

/**
 * The function ids as check boxes grouped by menu id (issue 20: antd's checkable Tree without antd); an antd
 * Form control holding the checked ids, sorted. A menu's box checks or clears all its functions and shows
 * "mixed" while only some are checked. Named by `aria-label` (the Form.Item's label); disabled with the Form.
 */
export function RoleFuncTree(props: {
  catalogue: TFuncCatalogue;
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const { t } = useTranslation('role');
  const off = useFormDisabled(props.disabled);
  const menus = useMemo(() => funcMenus(props.catalogue), [props.catalogue]);
  const chosen = new Set(props.value ?? []);
  const set = (ids: string[], on: boolean) => props.onChange?.(withIds(chosen, ids, on));
  return (
    <fieldset
      id={props.id}
      aria-label={props['aria-label']}
      className="role-func-tree"
      data-testid="role-func-tree"
    >
      <ul>
        {menus.map(([menu, fs]) => {
          const ids = fs.map((f) => f.func_id);
          const check = menuCheck(ids, chosen);
          const all = check === true;
          return (
            <li key={menu}>
              <label>
                <input
                  type="checkbox"
                  className="plain-checkbox"
                  checked={all}
                  aria-checked={check}
                  ref={(el) => {
                    if (el) el.indeterminate = check === 'mixed';
                  }}
                  disabled={off}
                  onChange={(e) => set(ids, e.target.checked)}
                />
                <span data-testid={`role-menu-${menu}`}>{t(`menu.${menu}`, { defaultValue: menu })}</span>
              </label>
              <ul>
                {fs.map((f) => (
                  <li key={f.func_id}>
                    <label>
                      <input
                        type="checkbox"
                        className="plain-checkbox"
                        checked={chosen.has(f.func_id)}
                        disabled={off}
                        onChange={(e) => set([f.func_id], e.target.checked)}
                      />
                      <span data-testid={`role-func-${f.func_id}`}>
                        <code>{f.func_id}</code> — {f.description}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** What the field shows while the function catalogue loads (a Form.Item child: its props are not used). */
export function RoleFuncTreeLoading(_: object) {
  const { t } = useTranslation('common');
  return <span className="plain-spinner" role="status" aria-label={t('loading')} />;
}
