import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeSync } from '@/components/theme/theme-sync';
import { Toaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { appStore } from '@/lib/store';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ThemeSync />
          {children}
          <Toaster />
        </QueryClientProvider>
      </I18nextProvider>
    </JotaiProvider>
  );
}
