import { ClockKiosk } from '@/features/clock/components/clock-kiosk';

/** The kiosk (spec §2: open to anyone), in the blank layout. */
export function ClockPage() {
  return <ClockKiosk />;
}
