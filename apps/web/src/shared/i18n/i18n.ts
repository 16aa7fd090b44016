import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { CODES_NS, registerCodeFormats } from './code-words';

/**
 * Translations live beside their module: `features/<module>/locales/<lang>/<namespace>.json`, and the
 * shared ones in `shared/locales/<lang>/<namespace>.json`. They load lazily, one namespace at a time.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '../../features/*/locales/*/*.json',
]);
const loaders = new Map<string, () => Promise<{ default: Record<string, unknown> }>>();
for (const [file, load] of Object.entries(files)) {
  const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (m) loaders.set(`${m[1]}/${m[2]}`, load);
}

export const LANGUAGE_STORAGE_KEY = 'portal.language';

export function storedLanguage(): Language {
  const l = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(l ?? '') ? (l as Language) : DEFAULT_LANGUAGE;
}

/** Starts i18next: en-US default, missing keys fall back to en-US. */
export const i18nReady = i18next
  .use(
    resourcesToBackend(async (lng: string, ns: string) => {
      const load = loaders.get(`${lng}/${ns}`);
      return load ? (await load()).default : {};
    }),
  )
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // `msg` (error and validation messages) loads when one is needed: loadMsg below, which the API client
    // awaits before a failed call rejects, and the rules in shared/form await before they report.
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
// Message params that are codes (a party role, a status) read as words from the codes catalogue.
registerCodeFormats(i18next);

// <html lang> follows every change (screen readers, CJK fonts), whoever makes it.
i18next.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

let msgLoading: Promise<void> | null = null;
let msgLoadingLng: string | null = null;

/**
 * Loads the `msg` namespace (every error and validation message) for the current language, once; resolves at
 * the latest after 5 s (a chunk that cannot load must not hold an error back: the text then falls back).
 * Await it before computing a `msg:` text outside a component that declares the namespace.
 */
export function loadMsg(): Promise<void> {
  const lng = i18next.resolvedLanguage ?? i18next.language ?? null;
  if (i18next.isInitialized && i18next.hasLoadedNamespace('msg') && i18next.hasLoadedNamespace(CODES_NS))
    return Promise.resolve();
  if (msgLoading && msgLoadingLng === lng) return msgLoading;
  msgLoadingLng = lng;
  // The codes catalogue with it: messages word their code params (a role, a status) from there.
  const loading = i18nReady.then(() => i18next.loadNamespaces(['msg', CODES_NS]));
  const settled: Promise<void> = Promise.race([loading, new Promise<void>((r) => setTimeout(r, 5000))])
    .catch(() => undefined)
    .then(() => {
      // Not there (a chunk that did not load): the next message tries again.
      if (msgLoading === settled && !i18next.hasLoadedNamespace('msg')) msgLoading = null;
    });
  msgLoading = settled;
  return settled;
}

/** Changes the language now and remembers it. */
export async function setLanguage(lang: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export default i18next;
