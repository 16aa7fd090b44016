import type { Language } from '@portal/contracts';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';

interface UiLocale {
  antd: Locale;
  dayjs: string;
}

/** antd's and dayjs's locale for each UI language, loaded on demand so only the used one is fetched. */
const loaders: Record<Language, () => Promise<UiLocale>> = {
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

const keyOf = (lang: string): Language => (lang in loaders ? (lang as Language) : 'en-US');
/** One load per language; `resolved` holds the ones that finished (their dayjs locale is registered). */
const loads = new Map<Language, Promise<UiLocale>>();
const resolved = new Map<Language, UiLocale>();
const antdLocales = new Map<Language, Promise<Locale>>();

function load(key: Language): Promise<UiLocale> {
  let p = loads.get(key);
  if (!p) {
    p = loaders[key]().then((l) => {
      resolved.set(key, l);
      return l;
    });
    loads.set(key, p);
  }
  return p;
}

/** Loads antd's locale for the language and switches dayjs to it. */
export async function loadUiLocale(lang: string): Promise<Locale> {
  const l = await load(keyOf(lang));
  dayjs.locale(l.dayjs);
  return l.antd;
}

/** The same promise for a language every time (what React's `use` needs), dayjs switched when it resolves. */
export function uiLocalePromise(lang: string): Promise<Locale> {
  const key = keyOf(lang);
  let p = antdLocales.get(key);
  if (!p) {
    p = loadUiLocale(key);
    antdLocales.set(key, p);
  }
  return p;
}

/** Switches dayjs to the language at once when its locale is already loaded (a screen mounting later). */
export function applyDayjsLocale(lang: string): void {
  const l = resolved.get(keyOf(lang));
  if (l && dayjs.locale() !== l.dayjs) dayjs.locale(l.dayjs);
}
