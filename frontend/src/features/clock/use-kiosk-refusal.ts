import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateProblem, type KeyedFailure } from '@/lib/i18n';
import { kioskTokenAtom } from '@/lib/kiosk-token';

/**
 * What the kiosk says when the server refuses an identification or a punch. Spec §6's 'Access Denied! You do not
 * have permission to visit this page.' comes from the kiosk rule (a company with registered kiosks takes
 * clock-ins only at them, and only from the network addresses it allows): it is followed by what to do instead.
 */
export function useKioskRefusal(): (error: KeyedFailure) => string {
  const { t } = useTranslation();
  const atRegisteredKiosk = useAtomValue(kioskTokenAtom) !== '';
  return useCallback(
    (error) => {
      const said = translateProblem(error);
      if (error.messageKey !== 'accessDenied') return said;
      return `${said} ${t(atRegisteredKiosk ? 'clock.deniedAtKiosk' : 'clock.deniedHere')}`;
    },
    [t, atRegisteredKiosk],
  );
}
