import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogueIn } from './message-resources';

async function spanish() {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { es: { translation: { messages: catalogueIn('es') } } },
    lng: 'es',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return i18n;
}

describe('the catalogue as i18next resources', () => {
  it('fills named parameters and picks plural forms', async () => {
    const i18n = await spanish();
    expect(i18n.t('messages.alreadyCheckedIn', { time: '08:02' })).toBe('El empleado ya registró su entrada hoy a las 08:02');
    expect(i18n.t('messages.restDayOn', { time: '2026-05-03' })).toBe('El día 2026-05-03 es de descanso para este empleado.');
    expect(i18n.t('messages.tooManyWrongAttempts', { count: 1 })).toBe('Demasiados intentos fallidos. Inténtalo de nuevo en 1 minuto.');
    expect(i18n.t('messages.tooManySignInAttempts', { count: 5 })).toContain('5 minutos');
  });

  it('keeps the spec texts the kiosk shows', async () => {
    const i18n = await spanish();
    expect(i18n.t('messages.recorded')).toBe('¡Registrado correctamente!');
    expect(i18n.t('messages.faceNotRecognized')).toBe('Rostro no reconocido, introduce tu PIN.');
  });
});
