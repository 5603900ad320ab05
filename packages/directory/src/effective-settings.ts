/** A settings row without its company. */
export type SettingsOf<R extends { companyId: string | null }> = Omit<R, 'companyId'>;

/**
 * Each company's effective settings from every row of a settings projection (companyId null: the organisation's):
 * its own row, else the organisation's, else `defaults` (before people announced any). The rule of the migrations'
 * effective-settings SQL function, for readers that load all the rows at once and look companies up.
 */
export function effectiveSettingsLookup<R extends { companyId: string | null }>(
  rows: readonly R[],
  defaults: SettingsOf<R>,
): (companyId: string) => SettingsOf<R> {
  const own = new Map<string, SettingsOf<R>>();
  let organisation = defaults;
  for (const { companyId, ...settings } of rows) {
    if (companyId === null) organisation = settings;
    else own.set(companyId, settings);
  }
  return (companyId) => own.get(companyId) ?? organisation;
}
