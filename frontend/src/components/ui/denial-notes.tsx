/**
 * Spec §6: where a user may read a table but not change it, the page says what they may not do (e.g. 'You do
 * not have permission to create companies.') instead of silently hiding the controls. Texts come translated.
 */
export function DenialNotes({ texts, testId = 'denials' }: { texts: readonly string[]; testId?: string }) {
  if (texts.length === 0) return null;
  return (
    <div role="note" className="alert alert-info alert-soft flex flex-col items-start gap-1" data-testid={testId}>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}
