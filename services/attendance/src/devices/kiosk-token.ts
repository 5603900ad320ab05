/** A registered kiosk's token (x-kiosk-token); absent means an unregistered client. */
export function kioskTokenOf(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
