import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The built-in roles, stored under their account types' English names (the stored names never change). */
const builtInRoles = new Set(['Admin', 'Employee']);

/** A role's name for display: a built-in role in the current language, a role someone named as they named it. */
export function useRoleName(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback((name: string) => (builtInRoles.has(name) ? t(`accountTypes.${name as 'Admin' | 'Employee'}`) : name), [t]);
}
