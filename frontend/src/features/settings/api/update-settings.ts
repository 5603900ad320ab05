import type { settingsUpdateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-call';

export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

/** PUT /api/settings; answers 'Settings saved successfully!' and the saved settings. */
export function updateSettings(body: SettingsUpdate) {
  return call('PUT /api/settings', { body });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  // Companies that follow the organisation's defaults change with them: every settings query is refetched.
  return useMutation({ mutationFn: updateSettings, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['settings'] }) });
}
