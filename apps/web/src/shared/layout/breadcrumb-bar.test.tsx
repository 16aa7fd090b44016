// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import menuHk from '../locales/zh-HK/menu.json';
import { BreadcrumbBar } from './breadcrumb-bar';
import { RecordBreadcrumb } from './page-title';

/** The zh-HK menu catalogue as i18next would answer it (a key it lacks comes back as itself). */
const lookup = (key: string): string | undefined => {
  const k = key.replace(/^menu:/, '');
  const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], menuHk);
  return typeof v === 'string' ? v : undefined;
};
vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({
    t: (k: string, o?: { defaultValue?: string }) => lookup(k) ?? o?.defaultValue ?? k,
    i18n: { exists: (k: string) => lookup(k) !== undefined, language: 'zh-HK' },
  }),
}));
vi.mock('../auth', () => ({ useUserModules: () => ({ data: { menu: [] } }) }));

afterEach(cleanup);

const crumbs = () =>
  [...screen.getByTestId('breadcrumb').querySelectorAll('li')].slice(1).map((li) => li.textContent);

describe('breadcrumb (issue 39: words and numbers, never stored segments or internal ids)', () => {
  it('names the segments from the menu catalogue: template library, an invoice stage, notification settings', () => {
    render(
      <MemoryRouter initialEntries={['/BMS/Setting/TMPLIB/TemplateEdit/12']}>
        <BreadcrumbBar />
      </MemoryRouter>,
    );
    expect(crumbs().slice(0, 3)).toEqual(['設定', '範本庫', '編輯範本']);
    cleanup();
    render(
      <MemoryRouter initialEntries={['/INV/arSearch/Prepared']}>
        <BreadcrumbBar />
      </MemoryRouter>,
    );
    expect(crumbs()).toEqual(['發票', '應收清單', '已準備（第一級審批）']);
    cleanup();
    render(
      <MemoryRouter initialEntries={['/BMS/Notification/masterSetting']}>
        <BreadcrumbBar />
      </MemoryRouter>,
    );
    expect(crumbs()).not.toContain('masterSetting');
  });

  it("names a record by its number (the page's heading), not by the id in the path", () => {
    render(
      <MemoryRouter initialEntries={['/INV/arDetails/329']}>
        <RecordBreadcrumb title="INV-HKG-2026-000123" />
        <BreadcrumbBar />
      </MemoryRouter>,
    );
    expect(crumbs().at(-1)).toBe('INV-HKG-2026-000123');
    expect(crumbs()).not.toContain('329');
  });
});
