import { kioskApi } from '@/lib/api-client';
import { kioskTokenAtom } from '@/lib/kiosk-token';
import { appStore } from '@/lib/store';
import { sendKioskToken } from '../kiosk-token-header';

/**
 * The kiosk's client for every /api/clock call, with this browser's registered-kiosk token when it holds one.
 * Here rather than in lib/api-client, so the contract's attendance module stays out of the first load.
 */
export const clockApi = kioskApi.extend({ hooks: { beforeRequest: [sendKioskToken(() => appStore.get(kioskTokenAtom))] } });
