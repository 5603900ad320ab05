import type { LegalDocument } from '@ams/contracts';

/**
 * The product's legal texts until an admin writes the organisation's own: a plain, fair starting point
 * that says what the product does with people's data. "# " starts a heading, a blank line a paragraph.
 */
export const defaultLegalTexts: Record<LegalDocument, { en: string; es: string }> = {
  terms: {
    en: `# Terms and conditions

This attendance system is provided by your employer to record working time, schedules and leave. By signing in you agree to use it only for that purpose and to keep your password and kiosk PIN to yourself.

# Your records

Clock actions are recorded with the server's time. If a record is wrong, ask your administrator to correct it: every correction is kept in the record's history.

# Changes

Your organisation may change these terms. The version shown here is the one in force.`,
    es: `# Términos y condiciones

Tu empresa pone a tu disposición este sistema de asistencia para registrar la jornada, los horarios y las ausencias. Al iniciar sesión aceptas usarlo solo con ese fin y no compartir tu contraseña ni tu PIN de fichaje.

# Tus registros

Los fichajes se registran con la hora del servidor. Si un registro es incorrecto, pide a tu administrador que lo corrija: cada corrección queda en el historial del registro.

# Cambios

Tu organización puede cambiar estos términos. La versión que se muestra aquí es la vigente.`,
  },
  privacy: {
    en: `# Privacy policy

Your employer is responsible for the personal data held in this system: your name, contact details, employment data, schedules, leave and attendance records.

# Photos and face recognition

If your organisation uses face clocking, your photo and a face template derived from it are kept only to identify you at the clock. You may ask for them to be removed and clock with your PIN instead.

# Your rights

You may ask your administrator for a copy of your data, for corrections and, where the law allows, for erasure. Attendance records are kept for as long as the law requires.`,
    es: `# Política de privacidad

Tu empresa es responsable de los datos personales de este sistema: tu nombre, datos de contacto, datos laborales, horarios, ausencias y registros de asistencia.

# Fotos y reconocimiento facial

Si tu organización usa el fichaje facial, tu foto y la plantilla facial obtenida de ella se guardan solo para identificarte al fichar. Puedes pedir que se eliminen y fichar con tu PIN.

# Tus derechos

Puedes pedir a tu administrador una copia de tus datos, su corrección y, cuando la ley lo permita, su supresión. Los registros de asistencia se conservan durante el tiempo que exige la ley.`,
  },
};
