type TemplateKey = 'clock.alreadyCheckedIn' | 'clock.restDayOn' | 'clock.tooManyAttempts';

export interface MessageTranslators {
  /** The kiosk's own texts with their values filled in. */
  t: (key: TemplateKey, values: { time?: string; count?: number }) => string;
  /** The shared table of server messages (lib/i18n translateMessage). */
  known: (message: string) => string;
}

/**
 * The kiosk's messages in the current language: the spec §8 refusals carry a time, so they are matched by
 * shape; every other message goes through the shared table.
 */
export function translateClockMessage(message: string, { t, known }: MessageTranslators): string {
  const checkedIn = /^The employee has already checked in today at (.+)$/.exec(message);
  if (checkedIn) return t('clock.alreadyCheckedIn', { time: checkedIn[1] ?? '' });
  const restDay = /^This day (.+) is a rest day for this employee\.$/.exec(message);
  if (restDay) return t('clock.restDayOn', { time: restDay[1] ?? '' });
  const locked = /^Too many wrong attempts\. Try again in (\d+) minutes?\.$/.exec(message);
  if (locked) return t('clock.tooManyAttempts', { count: Number(locked[1]) });
  return known(message);
}
