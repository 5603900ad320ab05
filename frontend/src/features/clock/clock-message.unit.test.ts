import { clockMessages, KIOSK_NOT_REGISTERED, kioskMessages } from '@ams/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { es } from '../../locales/es';
import { translateClockMessage, type MessageTranslators } from './clock-message';

const i18n = i18next.createInstance();
const translators: MessageTranslators = {
  t: (key, values) => i18n.t(key, values),
  known: (message) => (es.messages as Record<string, string>)[message] ?? message,
};

beforeAll(async () => {
  await i18n.init({ resources: { es: { translation: es } }, lng: 'es', fallbackLng: false, interpolation: { escapeValue: false }, showSupportNotice: false });
});

describe('kiosk messages (spec §8) in the current language', () => {
  it('keeps the time of a refused second check-in', () => {
    expect(translateClockMessage('The employee has already checked in today at 08:02', translators)).toBe('El empleado ya registró su entrada hoy a las 08:02');
  });

  it('translates the fixed refusals and successes through the shared table', () => {
    expect(translateClockMessage('Recorded successfully!', translators)).toBe('¡Registrado correctamente!');
    expect(translateClockMessage('Face not recognized, please enter your PIN.', translators)).toBe('Rostro no reconocido, introduce tu PIN.');
    expect(translateClockMessage('This day 2026-05-03 is a rest day for this employee.', translators)).toBe('El día 2026-05-03 es de descanso para este empleado.');
    expect(translateClockMessage(KIOSK_NOT_REGISTERED, translators)).toBe('Este quiosco no está registrado o fue revocado; consulta a un administrador.');
  });

  it('has a translation for every fixed message the clock can answer', () => {
    const fixed = [...Object.values(clockMessages).filter((message) => !message.includes('{time}')), ...Object.values(kioskMessages), KIOSK_NOT_REGISTERED];
    expect(fixed.filter((message) => translateClockMessage(message, translators) === message)).toEqual([]);
  });

  it('counts the minutes of a PIN lockout, and shows an unknown message as it came', () => {
    expect(translateClockMessage('Too many wrong attempts. Try again in 1 minute.', translators)).toBe('Demasiados intentos fallidos. Inténtalo de nuevo en 1 minuto.');
    expect(translateClockMessage('Something new', translators)).toBe('Something new');
  });
});
