import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import i18n, { i18nReady } from './shared/i18n/i18n';
import './app/global.css';

// The stored language's common texts load before the first paint; antd's locale loads with the first antd
// screen (shared/antd/with-antd.tsx), not here.
i18nReady.then(() => {
  document.documentElement.lang = i18n.language;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
