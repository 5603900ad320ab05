import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The kiosk (spec §2: open to anyone). Clocking itself arrives with the attendance service. */
export function ClockPage() {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 py-10 text-center" data-testid="clock-page">
      <h1 className="text-2xl font-semibold">{t('clock.title')}</h1>
      <p className="font-mono text-5xl tabular-nums" aria-live="off">
        {now.toLocaleTimeString(i18n.language)}
      </p>
      <p>{now.toLocaleDateString(i18n.language, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })}</p>
      <div className="grid w-full grid-cols-2 gap-3">
        {(['checkIn', 'breakIn', 'breakOut', 'checkOut'] as const).map((action) => (
          <button key={action} type="button" className="btn btn-primary btn-outline" disabled>
            {t(`clock.${action}`)}
          </button>
        ))}
      </div>
      <p className="text-base-content/70 text-sm">{t('clock.unavailable')}</p>
    </section>
  );
}
