import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadUiLocale } from './app/antd-locale';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import i18n, { i18nReady } from './shared/i18n/i18n';
import './app/global.css';

// Translations and antd's locale for the stored language load before the first paint.
i18nReady
  .then(() => loadUiLocale(i18n.language))
  .then((locale) => {
    document.documentElement.lang = i18n.language;
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders locale={locale}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
