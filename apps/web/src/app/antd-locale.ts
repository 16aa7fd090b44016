import type { Language } from '@portal/contracts';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';

/** antd's and dayjs's locale for each UI language, loaded on demand so only the used one is fetched. */
const loaders: Record<Language, () => Promise<{ antd: Locale; dayjs: string }>> = {
  'en-US': async () => ({ antd: (await import('antd/es/locale/en_US')).default, dayjs: 'en' }),
  'zh-HK': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_HK'), import('dayjs/locale/zh-hk')]);
    return { antd: antd.default, dayjs: 'zh-hk' };
  },
  'zh-CN': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { antd: antd.default, dayjs: 'zh-cn' };
  },
};

/** Loads antd's locale for the language and switches dayjs to it. */
export async function loadUiLocale(lang: string): Promise<Locale> {
  const load = loaders[lang as Language] ?? loaders['en-US'];
  const { antd, dayjs: dayjsLocale } = await load();
  dayjs.locale(dayjsLocale);
  return antd;
}
